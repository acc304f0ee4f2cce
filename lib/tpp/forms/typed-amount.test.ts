import { describe, expect, it } from "vitest";
import { validateAmount } from "../../psd2/validation";
import { normalizeTypedAmount } from "./typed-amount";

describe("normalizeTypedAmount", () => {
  it.each([
    ["1250.50", "1250.50"],
    ["1250,50", "1250.50"],
    ["1 250,50", "1250.50"],
    ["1\u00a0250,50", "1250.50"],
    ["1.250,50", "1250.50"],
    ["1,250.50", "1250.50"],
    ["1.234.567,89", "1234567.89"],
    ["1,234,567.89", "1234567.89"],
    ["\u221275,00", "-75.00"],
    ["7", "7"],
  ])("reads %j as %j", (typed, wire) => {
    expect(normalizeTypedAmount(typed)).toBe(wire);
  });

  it.each(["12,3,4", "1,2.3,4", "12.3.4,5", "1.25,50", "abc", "1.250,5,0"])(
    "leaves %j as typed, for the amount's check to refuse",
    (typed) => {
      const kept = normalizeTypedAmount(typed);
      expect(kept).toBe(typed.replace(/\s/g, ""));
      expect(validateAmount(kept, "NOK")).toBeDefined();
    },
  );
});
