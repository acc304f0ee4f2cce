/**
 * The app answers on one origin only, NEXTAUTH_URL's: the sign-in, the PSU session and the bank's
 * callback (TPP-Redirect-URI) all rely on cookies of that host, so a browser that opened the app
 * as 127.0.0.1, or at the network address `next start` prints, would sign in and then lose its
 * session at the callback. Such a request is sent at once to the same path on the app's origin.
 *
 * The proxy cannot answer with that redirect itself: Next rewrites a proxy's Location into a
 * relative one whenever its origin is the one Next believes it serves (http://localhost:PORT
 * without a hostname, the demo's), which would send the browser back to the host it came from.
 * So the proxy rewrites the request to the route APP_ORIGIN_ROUTE, whose Location Next leaves,
 * with the path and query asked for in the query parameter APP_ORIGIN_PATH_PARAMETER (not in a
 * request header: with the app bound to 127.0.0.1, Next's URLs name the host "localhost", so
 * Next proxies the rewrite as a request of its own, which keeps the query but not the headers
 * the proxy set).
 */

/** The route that answers with the redirect. */
export const APP_ORIGIN_ROUTE = "/app-origin";
/** The query parameter in which the proxy hands the route the path and query asked for. */
export const APP_ORIGIN_PATH_PARAMETER = "to";

/**
 * The rewrite's target: APP_ORIGIN_ROUTE with the path and query asked for, in base64url (a
 * proxied rewrite's query reaches the route decoded once, which would split a percent-encoded
 * query of its own).
 */
export function appOriginRouteUrl(path: string, base: string | URL): URL {
  const url = new URL(APP_ORIGIN_ROUTE, base);
  url.searchParams.set(APP_ORIGIN_PATH_PARAMETER, Buffer.from(path, "utf8").toString("base64url"));
  return url;
}

/** The path and query that appOriginRouteUrl carries; null when there is none to read. */
export function pathFromAppOriginRoute(url: URL): string | null {
  const carried = url.searchParams.get(APP_ORIGIN_PATH_PARAMETER);
  if (carried === null || !/^[A-Za-z0-9_-]*$/.test(carried)) return null;
  return Buffer.from(carried, "base64url").toString("utf8");
}

/** The host the browser asked for: a reverse proxy's X-Forwarded-Host (its first value), else Host. */
function requestedHost(headers: Headers): string | undefined {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded === undefined || forwarded === "" ? headers.get("host")?.trim() : forwarded;
  return host === undefined || host === "" ? undefined : host.toLowerCase();
}

/**
 * For a request on another host than `appUrl`'s: the path and query it asked for, which the
 * proxy hands APP_ORIGIN_ROUTE; undefined when the host is the app's (or none is named).
 */
export function pathForAppOrigin(request: { readonly url: string; readonly headers: Headers }, appUrl: string): string | undefined {
  const host = requestedHost(request.headers);
  if (host === undefined || host === new URL(appUrl).host.toLowerCase()) return undefined;
  const url = new URL(request.url);
  // The rewrite itself, when Next proxies it as a request of its own (with the Host it came with).
  if (url.pathname === APP_ORIGIN_ROUTE) return undefined;
  return `${url.pathname}${url.search}`;
}

/**
 * The redirect to `to` (a path and query) on the app's origin: 307, which keeps the method and
 * body, and not 308, which a browser would keep after the configuration changes. Anything but a
 * path (and the route's own path) goes to the app's home page.
 */
export function appOriginRedirect(to: string | null, appUrl: string): Response {
  const path = to !== null && to.startsWith("/") && !to.startsWith(APP_ORIGIN_ROUTE) ? to : "/";
  // Concatenated, never resolved: "//elsewhere" stays a path on the app's origin.
  return new Response(null, { status: 307, headers: { Location: `${new URL(appUrl).origin}${path}`, "Cache-Control": "no-store" } });
}
