import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { getTppConfig } from "../config";
import { NONCE_REQUEST_HEADER } from "../security/nonce-header";
import { buildSecurityHeaders, createNonce } from "../security/security-headers";

/** One request's security headers: those of its response, and its own headers for the render. */
export interface RequestSecurity {
  /** The request's headers with the CSP and its nonce: Next takes the nonce from there for its scripts. */
  readonly requestHeaders: Headers;
  readonly responseHeaders: Readonly<Record<string, string>>;
}

/**
 * A fresh nonce and the security headers for `request` (the proxy's first step). The nonce goes
 * to the render in the request's Content-Security-Policy, as Next reads it, and in x-nonce.
 */
export function prepareRequestSecurity(request: NextRequest, requestHeaders = new Headers(request.headers)): RequestSecurity {
  const config = getTppConfig();
  const nonce = createNonce();
  const responseHeaders = buildSecurityHeaders({
    nonce,
    development: process.env.NODE_ENV === "development",
    appUrl: config.appUrl,
    formTargets: [config.aspspBaseUrl],
    pathname: request.nextUrl.pathname,
  });
  const csp = responseHeaders["Content-Security-Policy"];
  if (csp !== undefined) requestHeaders.set("Content-Security-Policy", csp);
  requestHeaders.set(NONCE_REQUEST_HEADER, nonce);
  return { requestHeaders, responseHeaders };
}

/** Sets the security headers on the proxy's response; Next keeps them on whatever answers the request. */
export function applySecurityHeaders(response: NextResponse, security: RequestSecurity): NextResponse {
  for (const [name, value] of Object.entries(security.responseHeaders)) response.headers.set(name, value);
  return response;
}
