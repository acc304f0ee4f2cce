import { describe, expect, it } from "vitest";
import { withPsuSessionCleared } from "./clear-psu-session-on-sign-out";

function answer(setCookies: string[], status = 200): Response {
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return new Response('{"url":"http://localhost:3000/signin"}', { status, headers });
}

const psuCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("tpp_psu="));

describe("withPsuSessionCleared (next-auth's route)", () => {
  it("removes the PSU session cookie when next-auth removes its session cookie (sign-out)", async () => {
    const response = withPsuSessionCleared(
      answer(["next-auth.session-token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax"]),
      false,
    );
    expect(psuCookieOf(response)).toMatch(/^tpp_psu=; Path=\/; Max-Age=0;.*HttpOnly; SameSite=Lax$/);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "http://localhost:3000/signin" });
  });

  it("also for the __Secure- and chunked cookies, Secure over HTTPS", () => {
    expect(psuCookieOf(withPsuSessionCleared(answer(["__Secure-next-auth.session-token.0=; Path=/; Max-Age=0"]), true))).toMatch(
      /; Secure$/,
    );
  });

  it("leaves any other answer alone: a sign-in, a session read", () => {
    expect(psuCookieOf(withPsuSessionCleared(answer(["next-auth.session-token=eyJhbGciOi; Path=/; HttpOnly"]), false))).toBeUndefined();
    expect(psuCookieOf(withPsuSessionCleared(answer(["next-auth.csrf-token=abc; Path=/"]), false))).toBeUndefined();
    expect(psuCookieOf(withPsuSessionCleared(answer([]), false))).toBeUndefined();
  });
});
