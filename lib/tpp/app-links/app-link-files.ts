import type { AppLinksConfig } from "./app-links-config";

/** The paths the app serves the bindings at (the proxy lets them through as they are). */
export const APPLE_APP_SITE_ASSOCIATION_PATH = "/.well-known/apple-app-site-association";
export const ASSET_LINKS_PATH = "/.well-known/assetlinks.json";
export const APP_LINK_FILE_PATHS: readonly string[] = [APPLE_APP_SITE_ASSOCIATION_PATH, ASSET_LINKS_PATH];

/**
 * apple-app-site-association: the iOS apps that may open the paths as universal links (the
 * `components` form of iOS 13 and later). Undefined when no iOS app is configured.
 * @see https://developer.apple.com/documentation/xcode/supporting-associated-domains
 */
export function appleAppSiteAssociation(config: AppLinksConfig): unknown {
  if (config.ios === undefined) return undefined;
  return {
    applinks: {
      details: [
        {
          appIDs: config.ios.appIds,
          components: config.ios.paths.map((path) => ({ "/": path, comment: "TPP-Redirect-URI: the bank returns the PSU here after SCA" })),
        },
      ],
    },
  };
}

/**
 * assetlinks.json: the Android app (its signing certificates' fingerprints) that may handle the
 * domain's links as verified App Links. Undefined when no Android app is configured.
 * @see https://developer.android.com/training/app-links/verify-android-applinks
 */
export function assetLinks(config: AppLinksConfig): unknown {
  if (config.android === undefined) return undefined;
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: { namespace: "android_app", package_name: config.android.packageName, sha256_cert_fingerprints: config.android.fingerprints },
    },
  ];
}

/**
 * The reply of a binding file: 200 application/json (the platforms fetch it directly, with no
 * redirect), or 404 when the app publishes none.
 */
export function appLinkFileResponse(content: unknown, unsetVariable: string): Response {
  if (content === undefined) {
    return new Response(`Not found: no application is configured (${unsetVariable} is not set).\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(`${JSON.stringify(content, null, 2)}\n`, {
    status: 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
  });
}

/** The start-up line's words for the bindings published. */
export function describeAppLinks(config: AppLinksConfig): string {
  const ios =
    config.ios === undefined
      ? "no iOS app (TPP_IOS_APP_IDS unset)"
      : `iOS ${config.ios.appIds.join(", ")} for ${config.ios.paths.join(", ")} at ${APPLE_APP_SITE_ASSOCIATION_PATH}`;
  const android =
    config.android === undefined
      ? "no Android app (TPP_ANDROID_PACKAGE unset)"
      : `Android ${config.android.packageName} (${config.android.fingerprints.length} certificate fingerprint${config.android.fingerprints.length === 1 ? "" : "s"}) at ${ASSET_LINKS_PATH}`;
  return `application-site bindings: ${ios}; ${android}`;
}
