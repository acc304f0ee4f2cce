/**
 * The request header in which the proxy hands the response's CSP nonce to pages and Route
 * Handlers (Next itself reads it from the request's Content-Security-Policy).
 */
export const NONCE_REQUEST_HEADER = "x-nonce";
