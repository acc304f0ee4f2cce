const PLACEHOLDER_ORIGIN = "http://app.invalid";

/**
 * A path of this app to return to, or "/" for anything else: an absolute URL, a scheme-relative
 * `//host` or `/\host` would send the PSU to another site after the callback (an open redirect).
 */
export function safeReturnPath(candidate: string | undefined | null): string {
  if (
    candidate === undefined ||
    candidate === null ||
    !candidate.startsWith("/") ||
    candidate.startsWith("//") ||
    candidate.startsWith("/\\")
  )
    return "/";
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
