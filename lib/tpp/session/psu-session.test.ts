import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensurePsuSessionCookie } from "./ensure-psu-session-cookie";
import {
  createPsuSession,
  isScaValid,
  parsePsuSession,
  PSU_SESSION_COOKIE,
  PSU_SESSION_TTL_SECONDS,
  sealPsuSession,
  unsealPsuSession,
} from "./psu-session";

const SECRET = "n".repeat(40);
const work = mkdtempSync(path.join(tmpdir(), "tpp-session-"));
const saved = { ...process.env };

beforeAll(() => {
  // The configuration is read once per process: start from this test's settings.
  globalThis.__psd2TppConfig = undefined;
  Object.assign(process.env, {
    TPP_DATA_DIR: work,
    SESSION_SECRET: "s".repeat(40),
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: "http://localhost:3000",
  });
});
afterAll(() => {
  globalThis.__psd2TppConfig = undefined;
  for (const key of ["TPP_DATA_DIR", "SESSION_SECRET", "NEXTAUTH_SECRET", "NEXTAUTH_URL"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  rmSync(work, { recursive: true, force: true });
});

async function signedInRequest(userId: string, extraCookie = ""): Promise<NextRequest> {
  const token = await encode({ token: { sub: userId, name: "Kari" }, secret: SECRET });
  return new NextRequest("http://localhost:3000/accounts", { headers: { cookie: `next-auth.session-token=${token}${extraCookie}` } });
}

function sessionCookieOf(response: Response): string | undefined {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${PSU_SESSION_COOKIE}=`));
  return line;
}

describe("the PSU session", () => {
  it("is bound to its user and to its schema", () => {
    const session = createPsuSession("u-1", new Date("2026-03-02T10:00:00Z"));
    expect(session.tppSessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsePsuSession(session, "u-1")).toEqual(session);
    expect(parsePsuSession(session, "u-2")).toBeUndefined();
    expect(parsePsuSession({ ...session, tppSessionId: 42 }, "u-1")).toBeUndefined();
    expect(isScaValid({ ...session, scaValidUntil: "2026-03-02T11:00:00.000Z" }, new Date("2026-03-02T10:59:59Z"))).toBe(true);
    expect(isScaValid({ ...session, scaValidUntil: "2026-03-02T11:00:00.000Z" }, new Date("2026-03-02T11:00:00Z"))).toBe(false);
  });

  it("is sealed: the cookie value reveals nothing and cannot be changed", async () => {
    const session = createPsuSession("u-1", new Date());
    const sealed = await sealPsuSession(session);
    expect(sealed).not.toContain(session.tppSessionId);
    expect(await unsealPsuSession(sealed, "u-1")).toEqual(session);
    expect(await unsealPsuSession(`${sealed.slice(0, -2)}xx`, "u-1")).toBeUndefined();
  });

  it("unsealed once is read again as it was, for its own user only, and not past its seal's expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-12-07T08:00:00Z"));
      const session = createPsuSession("u-1", new Date());
      const sealed = await sealPsuSession(session);
      const first = await unsealPsuSession(sealed, "u-1");
      expect(first).toEqual(session);
      if (first === undefined) return;
      Object.assign(first, { tppSessionId: "changed-by-a-caller" });
      expect(await unsealPsuSession(sealed, "u-1")).toEqual(session);
      expect(await unsealPsuSession(sealed, "u-2")).toBeUndefined();
      // iron allows 60 s of clock skew past the seal's expiry (12 hours), and no more.
      vi.setSystemTime(new Date(Date.parse("2026-12-07T08:00:00Z") + PSU_SESSION_TTL_SECONDS * 1000 + 30_000));
      expect(await unsealPsuSession(sealed, "u-1")).toEqual(session);
      vi.setSystemTime(new Date(Date.parse("2026-12-07T08:00:00Z") + PSU_SESSION_TTL_SECONDS * 1000 + 61_000));
      expect(await unsealPsuSession(sealed, "u-1")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("ensurePsuSessionCookie (the proxy)", () => {
  it("gives a signed-in user without one a PSU session: httpOnly, SameSite=Lax, also for the request being served", async () => {
    const response = await ensurePsuSessionCookie(await signedInRequest("u-1"));
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
    const value = /^tpp_psu=([^;]+)/.exec(cookie ?? "")?.[1] ?? "";
    expect((await unsealPsuSession(decodeURIComponent(value), "u-1"))?.userId).toBe("u-1");
    // The render of this same request sees the new cookie too.
    expect(response.headers.get("x-middleware-set-cookie")).toContain(`${PSU_SESSION_COOKIE}=`);
  });

  it("leaves a user's own session alone and replaces another user's", async () => {
    const own = await sealPsuSession(createPsuSession("u-1", new Date()));
    expect(sessionCookieOf(await ensurePsuSessionCookie(await signedInRequest("u-1", `; ${PSU_SESSION_COOKIE}=${own}`)))).toBeUndefined();
    const response = await ensurePsuSessionCookie(await signedInRequest("u-2", `; ${PSU_SESSION_COOKIE}=${own}`));
    const value = /^tpp_psu=([^;]+)/.exec(sessionCookieOf(response) ?? "")?.[1] ?? "";
    expect((await unsealPsuSession(decodeURIComponent(value), "u-2"))?.userId).toBe("u-2");
  });

  it("does nothing for a visitor who is not signed in", async () => {
    const response = await ensurePsuSessionCookie(new NextRequest("http://localhost:3000/"));
    expect(sessionCookieOf(response)).toBeUndefined();
  });
});
