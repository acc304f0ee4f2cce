import { TppError } from "../errors";

/**
 * Resolves a link of a bank reply (or a path of the interface) against the bank's base URL.
 * Relative hrefs are relative to the base URL (docs/interface/conventions.md#wire-conventions): `/v1/accounts` under
 * `https://bank.example/psd2` is `https://bank.example/psd2/v1/accounts`, and an href that
 * already starts with the base path is not prefixed twice. An absolute href must stay on the
 * bank's origin, since the client signs and sends whatever it resolves to.
 * @see docs/interface/conventions.md#wire-conventions
 */
export function resolveAspspUrl(baseUrl: string, href: string): URL {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  let url: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) {
    try {
      url = new URL(href);
    } catch (error) {
      throw new TppError("ASPSP_LINK_INVALID", `the bank's link '${href}' is not a URL`, { cause: error });
    }
    if (url.origin !== base.origin) {
      throw new TppError(
        "ASPSP_LINK_INVALID",
        `the link '${href}' leaves the bank's origin ${base.origin}: it is not followed with a signed request`,
      );
    }
    return url;
  }
  const absolutePath = href.startsWith("/") ? href : `/${href}`;
  const prefixed =
    basePath !== "" && absolutePath !== basePath && !absolutePath.startsWith(`${basePath}/`) && !absolutePath.startsWith(`${basePath}?`)
      ? `${basePath}${absolutePath}`
      : absolutePath;
  try {
    url = new URL(prefixed, base.origin);
  } catch (error) {
    throw new TppError("ASPSP_LINK_INVALID", `the bank's link '${href}' cannot be resolved against ${baseUrl}`, { cause: error });
  }
  return url;
}

/**
 * Resolves a link for display or a browser redirect (scaRedirect may lead to another host of the
 * bank): relative hrefs as in resolveAspspUrl, absolute http(s) URLs as they are; undefined for
 * anything else.
 */
export function resolveLinkForBrowser(baseUrl: string, href: string): string | undefined {
  if (/^https?:\/\//i.test(href)) {
    try {
      return new URL(href).href;
    } catch {
      return undefined;
    }
  }
  try {
    return resolveAspspUrl(baseUrl, href).href;
  } catch {
    return undefined;
  }
}
