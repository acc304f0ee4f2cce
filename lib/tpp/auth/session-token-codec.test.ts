import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSessionToken, encodeSessionToken } from "./session-token-codec";

const SECRET = "a-secret-of-forty-characters-or-more-000";

/** The token with one character of its ciphertext (the fourth of five parts) changed. */
function tampered(token: string): string {
  const parts = token.split(".");
  const ciphertext = parts[3] ?? "";
  parts[3] = `${ciphertext[0] === "A" ? "B" : "A"}${ciphertext.slice(1)}`;
  return parts.join(".");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the sign-in token codec", () => {
  it("speaks next-auth's own format both ways", async () => {
    const ours = await encodeSessionToken({ token: { sub: "user-1", sid: "s-1" }, secret: SECRET, maxAge: 600 });
    const theirs = await encode({ token: { sub: "user-2", sid: "s-2" }, secret: SECRET, maxAge: 600 });
    expect(await decode({ token: ours, secret: SECRET })).toMatchObject({ sub: "user-1", sid: "s-1" });
    expect(await decodeSessionToken({ token: theirs, secret: SECRET })).toMatchObject({ sub: "user-2", sid: "s-2" });
    const claims = await decodeSessionToken({ token: ours, secret: SECRET });
    expect(Number(claims?.exp) - Number(claims?.iat)).toBe(600);
    expect(typeof claims?.jti).toBe("string");
  });

  it("answers a token decrypted before with a copy of its own claims", async () => {
    const token = await encodeSessionToken({ token: { sub: "user-1", sid: "s-1" }, secret: SECRET, maxAge: 600 });
    const first = await decodeSessionToken({ token, secret: SECRET });
    if (first === null) throw new Error("no claims");
    first.sub = "someone-else";
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ sub: "user-1", sid: "s-1" });
  });

  it("refuses a token changed in one character, or shown with another secret, after the real one was decrypted", async () => {
    const token = await encodeSessionToken({ token: { sub: "user-1" }, secret: SECRET, maxAge: 600 });
    await decodeSessionToken({ token, secret: SECRET });
    await expect(decodeSessionToken({ token: tampered(token), secret: SECRET })).rejects.toThrow();
    await expect(decodeSessionToken({ token, secret: `${SECRET}-rotated` })).rejects.toThrow();
    await expect(decodeSessionToken({ token, secret: SECRET, salt: "another-cookie" })).rejects.toThrow();
  });

  it("refuses a token decrypted before once it has expired (next-auth's 15 s of leeway past exp)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-07T10:00:00Z"));
    const token = await encodeSessionToken({ token: { sub: "user-1" }, secret: SECRET, maxAge: 60 });
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ sub: "user-1" });
    vi.setSystemTime(new Date("2026-12-07T10:01:10Z"));
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ sub: "user-1" });
    vi.setSystemTime(new Date("2026-12-07T10:01:16Z"));
    await expect(decodeSessionToken({ token, secret: SECRET })).rejects.toThrow(/exp/);
  });

  it("gives null for no token, as next-auth does", async () => {
    expect(await decodeSessionToken({ token: "", secret: SECRET })).toBeNull();
    expect(await decodeSessionToken({ token: undefined, secret: SECRET })).toBeNull();
  });
});
