/**
 * Whether every segment of a URL's path can be percent-decoded (UTF-8). Next decodes a dynamic
 * route's params before any page runs, and a path such as `/accounts/%E0%A4%A` (a cut UTF-8
 * sequence) or `/payments/%zz` made it answer a bare "Internal Server Error": the proxy shows
 * the app's not-found page for such a path instead.
 */
export function isDecodablePath(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
