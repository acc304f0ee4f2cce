import { describe, expect, it } from "vitest";
import { addAmounts, formatAmount, fromMinorUnits, negateAmount, subtractAmounts, toMinorUnits } from "./money";

describe("money", () => {
  it("reads and writes decimal strings exactly in minor units", () => {
    expect(toMinorUnits("1250.5", 2)).toBe(125050n);
    expect(toMinorUnits("-0.01", 2)).toBe(-1n);
    expect(toMinorUnits("12.34000", 2)).toBe(1234n);
    expect(() => toMinorUnits("12.345", 2)).toThrow("12.345 has more than 2 fraction digits");
    expect(fromMinorUnits(-1n, 2)).toBe("-0.01");
    expect(fromMinorUnits(125050n, 2)).toBe("1250.50");
    expect(fromMinorUnits(7n, 0)).toBe("7");
  });

  it("formats the database's numeric(23,5) in the currency's minor units", () => {
    expect(formatAmount("-123.45000", "NOK")).toBe("-123.45");
    expect(formatAmount("1000.00000", "JPY")).toBe("1000");
    expect(formatAmount("1.25000", "KWD")).toBe("1.250");
    expect(formatAmount("0.00100", "NOK")).toBe("0.00100");
  });

  it("adds without floating point error", () => {
    expect(addAmounts("NOK", "0.10", "0.20")).toBe("0.30");
    expect(addAmounts("NOK", "99999999999999.99", "0.01")).toBe("100000000000000.00");
    expect(addAmounts("NOK")).toBe("0.00");
    expect(subtractAmounts("NOK", "100.00", "100.01")).toBe("-0.01");
    expect(negateAmount("12.50")).toBe("-12.50");
    expect(negateAmount("-3.00")).toBe("3.00");
    expect(negateAmount("0.00")).toBe("0.00");
  });
});
