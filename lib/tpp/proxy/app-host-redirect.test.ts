import { describe, expect, it } from "vitest";
import {
  APP_ORIGIN_PATH_PARAMETER,
  APP_ORIGIN_ROUTE,
  appOriginRedirect,
  appOriginRouteUrl,
  pathForAppOrigin,
  pathFromAppOriginRoute,
} from "./app-host-redirect";

const APP = "http://localhost:3000";
const request = (url: string, headers: Record<string, string>) => ({ url, headers: new Headers(headers) });
/** Where the browser ends: the proxy's rewrite, then the route's redirect. */
function destination(url: string, headers: Record<string, string>, appUrl = APP): string | undefined {
  const path = pathForAppOrigin(request(url, headers), appUrl);
  if (path === undefined) return undefined;
  // The rewrite carries the path in its query (kept when Next proxies the rewrite as a request of its own).
  const rewrite = appOriginRouteUrl(path, url);
  expect(rewrite.pathname).toBe(APP_ORIGIN_ROUTE);
  // Read as the route reads it, also after the query was decoded once on the way.
  const decodedOnce = new URL(`${rewrite.origin}${rewrite.pathname}?${decodeURIComponent(rewrite.search.slice(1))}`);
  expect(pathFromAppOriginRoute(decodedOnce)).toBe(path);
  const reply = appOriginRedirect(pathFromAppOriginRoute(rewrite), appUrl);
  expect(reply.status).toBe(307);
  expect(reply.headers.get("cache-control")).toBe("no-store");
  return reply.headers.get("location") ?? "";
}

describe("the app's origin only", () => {
  it("sends another host to the same path and query on the app's origin at once (307)", () => {
    expect(destination("http://127.0.0.1:3000/callback?flow=f1&psu-id=x", { host: "127.0.0.1:3000" })).toBe(
      "http://localhost:3000/callback?flow=f1&psu-id=x",
    );
  });

  it("sends the network address next start prints, and another port, to the app's origin", () => {
    expect(destination("http://192.0.2.2:3000/accounts", { host: "192.0.2.2:3000" })).toBe("http://localhost:3000/accounts");
    expect(destination("http://localhost:3001/", { host: "localhost:3001" })).toBe("http://localhost:3000/");
  });

  it("lets the app's own host through, in any case", () => {
    expect(destination("http://localhost:3000/accounts", { host: "localhost:3000" })).toBeUndefined();
    expect(destination("http://localhost:3000/accounts", { host: "LocalHost:3000" })).toBeUndefined();
    expect(destination("https://tpp.example/accounts", { host: "tpp.example" }, "https://tpp.example")).toBeUndefined();
  });

  it("judges the host a reverse proxy forwarded, not its own upstream address", () => {
    expect(
      destination(
        "http://127.0.0.1:3000/accounts",
        { host: "127.0.0.1:3000", "x-forwarded-host": "tpp.example, 10.0.0.1" },
        "https://tpp.example",
      ),
    ).toBeUndefined();
    expect(
      destination("http://127.0.0.1:3000/", { host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" }, "https://tpp.example"),
    ).toBe("https://tpp.example/");
  });

  it("lets the rewrite to its route through on any host (Next proxies it with the Host it came with)", () => {
    const rewrite = appOriginRouteUrl("/callback?flow=f1", "http://localhost:3000/callback?flow=f1");
    expect(pathForAppOrigin(request(rewrite.toString(), { host: "127.0.0.1:3000" }), APP)).toBeUndefined();
  });

  it("reads nothing from a route query that is not its own (a link to /app-origin goes home)", () => {
    expect(pathFromAppOriginRoute(new URL(`http://localhost:3000${APP_ORIGIN_ROUTE}`))).toBeNull();
    expect(pathFromAppOriginRoute(new URL(`http://localhost:3000${APP_ORIGIN_ROUTE}?${APP_ORIGIN_PATH_PARAMETER}=/x%3Fy`))).toBeNull();
  });

  it("keeps the path's own encoding", () => {
    expect(destination("http://127.0.0.1:3000/accounts/a%2Fb?x=%E2%82%AC", { host: "127.0.0.1:3000" })).toBe(
      "http://localhost:3000/accounts/a%2Fb?x=%E2%82%AC",
    );
  });

  it("never leaves the app's origin, whatever the route is asked", () => {
    expect(appOriginRedirect("//evil.example/x", APP).headers.get("location")).toBe("http://localhost:3000//evil.example/x");
    expect(appOriginRedirect("https://evil.example/", APP).headers.get("location")).toBe("http://localhost:3000/");
    expect(appOriginRedirect(null, APP).headers.get("location")).toBe("http://localhost:3000/");
    expect(appOriginRedirect("/app-origin", APP).headers.get("location")).toBe("http://localhost:3000/");
  });
});
