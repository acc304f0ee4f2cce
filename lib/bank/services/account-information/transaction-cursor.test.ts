import { describe, expect, it } from "vitest";
import { deriveCursorKey, openCursor, sealCursor } from "./transaction-cursor";

// docs/interface/accounts.md#accounts-balances-transactions: the next link may carry an opaque cursor of the bank's choice.
describe("paging cursors", () => {
  const key = deriveCursorKey("a secret of the bank");
  const position = { segment: 1, direction: "after" as const, key: { sortDate: "2025-11-30", seq: 123456 } };

  it("round-trips a position and hides it", () => {
    const cursor = sealCursor(key, "account:A:booked", position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain("123456");
    expect(Buffer.from(cursor, "base64url").toString("latin1")).not.toContain("2025-11-30");
    expect(openCursor(key, "account:A:booked", cursor)).toEqual(position);
  });

  it("refuses a changed cursor, another listing's, or another key's", () => {
    const cursor = sealCursor(key, "account:A:booked", position);
    for (let i = 0; i < cursor.length; i += 7) {
      const changed = `${cursor.slice(0, i)}${cursor[i] === "A" ? "B" : "A"}${cursor.slice(i + 1)}`;
      expect(openCursor(key, "account:A:booked", changed)).toBeUndefined();
    }
    expect(openCursor(key, "account:B:booked", cursor)).toBeUndefined();
    expect(openCursor(deriveCursorKey("another secret"), "account:A:booked", cursor)).toBeUndefined();
    expect(openCursor(key, "account:A:booked", "short")).toBeUndefined();
    expect(openCursor(key, "account:A:booked", "!".repeat(60))).toBeUndefined();
  });
});
