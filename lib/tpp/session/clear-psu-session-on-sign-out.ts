import { PSU_SESSION_COOKIE } from "./psu-session";

/** next-auth's session cookie (chunked as .0, .1 when large; __Secure- over HTTPS) being removed. */
const SESSION_COOKIE_REMOVED = /^(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=;/;

/**
 * When next-auth's answer removes its session cookie (a sign-out, or a session whose sign-in has
 * ended), the PSU session cookie goes too: the next sign-in in this browser starts a new PSU
 * session (a new TPP-Session-ID, no SCA, no approval waiting). Any other answer is returned as it is.
 */
export function withPsuSessionCleared(response: Response, secure: boolean): Response {
  if (!response.headers.getSetCookie().some((cookie) => SESSION_COOKIE_REMOVED.test(cookie))) return response;
  const headers = new Headers(response.headers);
  headers.append(
    "Set-Cookie",
    `${PSU_SESSION_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
