import { describe, expect, it } from "vitest";
import { isOwnKey, ownValue } from "./own-value";

const LABELS: Readonly<Record<string, string>> = { enabled: "Open", blocked: "Blocked" };

describe("ownValue and isOwnKey", () => {
  it("find the table's own keys", () => {
    expect(ownValue(LABELS, "enabled")).toBe("Open");
    expect(isOwnKey(LABELS, "blocked")).toBe(true);
  });

  it("find nothing under a key the table does not have, inherited names included", () => {
    for (const key of ["deleted", "constructor", "toString", "__proto__", "hasOwnProperty", ""]) {
      expect(ownValue(LABELS, key), key).toBeUndefined();
      expect(isOwnKey(LABELS, key), key).toBe(false);
    }
    expect(ownValue(LABELS, undefined)).toBeUndefined();
    // What a plain lookup would have given.
    expect(typeof LABELS["constructor"]).toBe("function");
  });
});
