import { z } from "zod";
import { TppError } from "../errors";

/**
 * The application-site bindings the app publishes for the domain of TPP-Redirect-URI, so that
 * the bank's app (the biometric flow) can send the PSU back into the TPP's own app: the iOS apps
 * (apple-app-site-association) and the Android app (assetlinks.json) that may open the paths.
 * @see docs/interface/authentication.md#biometric-flow; docs/biometric-flow.md
 */
export interface AppLinksConfig {
  /** TPP_IOS_APP_IDS with TPP_APP_LINK_PATHS: undefined when no iOS app is set. */
  readonly ios: { readonly appIds: readonly string[]; readonly paths: readonly string[] } | undefined;
  /** TPP_ANDROID_PACKAGE with TPP_ANDROID_CERT_FINGERPRINTS: undefined when no Android app is set. */
  readonly android: { readonly packageName: string; readonly fingerprints: readonly string[] } | undefined;
}

/** A comma-separated list whose every item matches `pattern`; `rule` says what an item must be. */
function listOf(pattern: RegExp, rule: string, normalise: (item: string) => string = (item) => item) {
  return z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    )
    .check((payload) => {
      if (payload.value.length === 0)
        payload.issues.push({ code: "custom", message: `must not be empty: give a comma-separated list of ${rule}`, input: payload.value });
      const wrong = payload.value.find((item) => !pattern.test(item));
      if (wrong !== undefined) {
        payload.issues.push({
          code: "custom",
          message: `must be a comma-separated list of ${rule}; ${JSON.stringify(wrong)} is not one`,
          input: payload.value,
        });
      }
    })
    .transform((items) => [...new Set(items.map(normalise))]);
}

/** The variables of the application-site bindings, with their rules (config.ts spreads them into its schema). */
export const APP_LINKS_ENVIRONMENT = {
  TPP_IOS_APP_IDS: listOf(
    /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/,
    "App IDs <Team ID>.<bundle ID>, e.g. ABCDE12345.no.example.tpp (the Team ID is 10 capitals or digits)",
  ).optional(),
  TPP_ANDROID_PACKAGE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, "must be an Android application id such as no.example.tpp")
    .optional(),
  TPP_ANDROID_CERT_FINGERPRINTS: listOf(
    /^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/,
    "SHA-256 fingerprints of the app's signing certificates, 32 hex pairs joined by colons (keytool -list -v, or the Play Console)",
    (item) => item.toUpperCase(),
  ).optional(),
  TPP_APP_LINK_PATHS: listOf(
    /^\/[^\s?#,]*$/,
    "paths that begin with / (no query, fragment or spaces; * and ? are wildcards), e.g. /callback",
  ).optional(),
} as const;

type AppLinksVariables = {
  readonly [name in keyof typeof APP_LINKS_ENVIRONMENT]?: z.output<(typeof APP_LINKS_ENVIRONMENT)[name]>;
};

function configError(variable: string, message: string): TppError {
  return new TppError("CONFIG_INVALID", `${variable}: ${message}`, { variable });
}

/**
 * The application-site bindings from their variables (each already checked by its rule); the
 * paths default to TPP-Redirect-URI's. A variable that needs another, or is set for nothing, is
 * a CONFIG_INVALID error naming it.
 */
export function readAppLinksConfig(e: AppLinksVariables, redirectUri: string): AppLinksConfig {
  if (e.TPP_ANDROID_PACKAGE !== undefined && e.TPP_ANDROID_CERT_FINGERPRINTS === undefined) {
    throw configError(
      "TPP_ANDROID_CERT_FINGERPRINTS",
      "is required with TPP_ANDROID_PACKAGE: the SHA-256 fingerprints of the certificates the Android app is signed with",
    );
  }
  if (e.TPP_ANDROID_CERT_FINGERPRINTS !== undefined && e.TPP_ANDROID_PACKAGE === undefined) {
    throw configError("TPP_ANDROID_PACKAGE", "is required with TPP_ANDROID_CERT_FINGERPRINTS: the application id of the Android app");
  }
  if (e.TPP_APP_LINK_PATHS !== undefined && e.TPP_IOS_APP_IDS === undefined) {
    throw configError(
      "TPP_APP_LINK_PATHS",
      "is set, but no iOS app is: the paths are published for the apps of TPP_IOS_APP_IDS (Android apps name their paths in their manifest)",
    );
  }
  return {
    ios:
      e.TPP_IOS_APP_IDS === undefined
        ? undefined
        : { appIds: e.TPP_IOS_APP_IDS, paths: e.TPP_APP_LINK_PATHS ?? [new URL(redirectUri).pathname] },
    android:
      e.TPP_ANDROID_PACKAGE === undefined || e.TPP_ANDROID_CERT_FINGERPRINTS === undefined
        ? undefined
        : { packageName: e.TPP_ANDROID_PACKAGE, fingerprints: e.TPP_ANDROID_CERT_FINGERPRINTS },
  };
}
