import { describe, expect, it } from "vitest";
import { FIELD_LIMITS } from "./field-limits";
import { validateItemCount } from "./validate-item-count";
import { validateUniqueItems } from "./validate-unique-items";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `p${index}`);

describe('validateItemCount: paymentIds of a basket, 1 to 10 (psd2-interface.md "Limits")', () => {
  const limit = FIELD_LIMITS.signingBasketPayments;

  it("rejects an empty list", () => {
    expect(validateItemCount([], limit, "payment id")).toEqual({
      code: "FORMAT_ERROR",
      reason: "is empty; at least 1 payment id is required",
    });
  });

  it("accepts 1 and 10", () => {
    expect(validateItemCount(ids(1), limit, "payment id")).toBeUndefined();
    expect(validateItemCount(ids(10), limit, "payment id")).toBeUndefined();
  });

  it("rejects 11", () => {
    expect(validateItemCount(ids(11), limit, "payment id")).toEqual({
      code: "FORMAT_ERROR",
      reason: "holds 11 payment ids; at most 10 payment ids are allowed",
    });
  });

  it("words a minimum above 1 with the count held", () => {
    expect(validateItemCount(ids(1), { min: 2 }, "month")?.reason).toBe("holds 1 month; at least 2 months are required");
  });
});

describe("validateUniqueItems", () => {
  it("accepts distinct items", () => {
    expect(validateUniqueItems(["a", "b", "c"], "month")).toEqual([]);
  });

  it("names each repetition at its own index, pointing at the first", () => {
    expect(validateUniqueItems(["1", "4", "1", "4", "1"], "month")).toEqual([
      { code: "FORMAT_ERROR", path: [2], reason: 'repeats the month at index 0 ("1"); each month may appear once' },
      { code: "FORMAT_ERROR", path: [3], reason: 'repeats the month at index 1 ("4"); each month may appear once' },
      { code: "FORMAT_ERROR", path: [4], reason: 'repeats the month at index 0 ("1"); each month may appear once' },
    ]);
  });
});
