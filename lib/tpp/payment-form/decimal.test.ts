import { describe, expect, it } from "vitest";
import { addDecimalStrings, sumAmountsByCurrency } from "./decimal";

describe("addDecimalStrings: exact sums of decimal strings", () => {
  it("adds without the errors of floating point", () => {
    expect(addDecimalStrings(["0.10", "0.20"])).toBe("0.30");
    expect(addDecimalStrings(["0.1", "0.2"])).toBe("0.3");
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it("keeps the longest scale, or the one asked for", () => {
    expect(addDecimalStrings(["1250.5", "0.25"])).toBe("1250.75");
    expect(addDecimalStrings(["1", "2"], 2)).toBe("3.00");
    expect(addDecimalStrings(["0.001", "0.009"], 3)).toBe("0.010");
    expect(addDecimalStrings([], 2)).toBe("0.00");
    expect(addDecimalStrings(["7"])).toBe("7");
  });

  it("adds beyond the safe integers of a float (precision 18)", () => {
    expect(addDecimalStrings(["9999999999999999.99", "0.01"])).toBe("10000000000000000.00");
  });

  it("refuses what is not a non-negative decimal string", () => {
    expect(() => addDecimalStrings(["1,5"])).toThrow(RangeError);
    expect(() => addDecimalStrings(["-1.00"])).toThrow(RangeError);
  });
});

describe("sumAmountsByCurrency: a bulk's totals", () => {
  it("sums per currency in order of appearance, with the currency's minor units, and counts what it could not add", () => {
    expect(
      sumAmountsByCurrency([
        { amount: "100.10", currency: "NOK" },
        { amount: "1000", currency: "JPY" },
        { amount: "0.20", currency: "NOK" },
        { amount: "10.5", currency: "NOK" },
        { amount: undefined, currency: "NOK" },
        { amount: "5.00", currency: "XXX" },
        { amount: "1.000", currency: "KWD" },
      ]),
    ).toEqual({
      totals: [
        { currency: "NOK", amount: "100.30", count: 2 },
        { currency: "JPY", amount: "1000", count: 1 },
        { currency: "KWD", amount: "1.000", count: 1 },
      ],
      skipped: 3,
    });
  });
});
