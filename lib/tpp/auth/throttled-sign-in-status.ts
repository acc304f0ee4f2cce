import { readThrottledError } from "./sign-in-throttle";

/**
 * next-auth answers every refused sign-in with 401 and `{url: ".../error?error=..."}` (the JSON
 * its client asks for). A sign-in refused for the throttle becomes 429 Too Many Requests with
 * Retry-After (seconds), the same body kept, so that a client sees it is to wait and for how long.
 * Any other answer, and a redirect (a form posted without JavaScript), is returned as it is.
 */
export async function withThrottledSignInStatus(response: Response, now: Date): Promise<Response> {
  if (response.status !== 401 || !(response.headers.get("content-type") ?? "").startsWith("application/json")) return response;
  const body = await response.text();
  let retryAt: Date | undefined;
  try {
    const url: unknown = (JSON.parse(body) as { url?: unknown }).url;
    retryAt = typeof url === "string" && URL.canParse(url) ? readThrottledError(new URL(url).searchParams.get("error")) : undefined;
  } catch {
    retryAt = undefined;
  }
  const headers = new Headers(response.headers);
  if (retryAt === undefined) return new Response(body, { status: response.status, headers });
  headers.set("Retry-After", String(Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))));
  return new Response(body, { status: 429, headers });
}
