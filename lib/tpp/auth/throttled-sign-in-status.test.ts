import { describe, expect, it } from "vitest";
import { withThrottledSignInStatus } from "./throttled-sign-in-status";

const NOW = new Date("2026-11-26T10:00:00Z");

function nextAuthRefusal(error: string): Response {
  const headers = new Headers({ "content-type": "application/json" });
  headers.append("set-cookie", "next-auth.csrf-token=a; Path=/");
  headers.append("set-cookie", "next-auth.callback-url=b; Path=/");
  return new Response(JSON.stringify({ url: `http://localhost:3000/api/auth/error?error=${encodeURIComponent(error)}` }), {
    status: 401,
    headers,
  });
}

describe("withThrottledSignInStatus", () => {
  it("answers a throttled sign-in with 429 and Retry-After in seconds, next-auth's body and cookies kept", async () => {
    const response = await withThrottledSignInStatus(nextAuthRefusal("TooManySignIns:2026-11-26T10:00:14.200Z"), NOW);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("15");
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(await response.json()).toEqual({
      url: "http://localhost:3000/api/auth/error?error=TooManySignIns%3A2026-11-26T10%3A00%3A14.200Z",
    });
  });

  it("leaves a wrong password's 401, a redirect and a success as they are", async () => {
    const wrong = await withThrottledSignInStatus(nextAuthRefusal("CredentialsSignin"), NOW);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("retry-after")).toBeNull();
    const redirect = new Response(null, {
      status: 302,
      headers: { location: "/signin?error=TooManySignIns%3A2026-11-26T10%3A00%3A14.200Z" },
    });
    expect(await withThrottledSignInStatus(redirect, NOW)).toBe(redirect);
    const ok = new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    expect(await withThrottledSignInStatus(ok, NOW)).toBe(ok);
  });
});
