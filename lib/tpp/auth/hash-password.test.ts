import { describe, expect, it } from "vitest";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "./hash-password";

describe("hashPassword / verifyPassword", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("uses a new salt for every hash, so equal passwords do not give equal hashes", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
  });

  it("reads non-ASCII passwords in one normal form (NFC)", async () => {
    const stored = await hashPassword("blåbær");
    expect(await verifyPassword("bla\u030abær", stored)).toBe(true);
  });

  it("refuses hashes that are not its own, and cost parameters out of bounds", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$2b$10$abc")).toBe(false);
    const stored = await hashPassword("x");
    const [, , r, p, salt, hash] = stored.split("$");
    expect(await verifyPassword("x", ["scrypt", String(1 << 22), r, p, salt, hash].join("$"))).toBe(false);
    expect(await verifyPassword("x", ["scrypt", "1000", r, p, salt, hash].join("$"))).toBe(false);
  });

  it("has a hash for unknown users that no password matches", async () => {
    expect(await verifyPassword("", UNKNOWN_USER_HASH)).toBe(false);
    expect(await verifyPassword("password", UNKNOWN_USER_HASH)).toBe(false);
  });
});
