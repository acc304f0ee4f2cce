import { describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "./currency-codes";
import { CURRENCY_MINOR_UNITS } from "./currency-minor-units";
import { validateAmount, validateReportedAmount } from "./validate-amount";

const formatError = (reason: string) => ({ code: "FORMAT_ERROR", reason });

/** "12" with the given number of fraction digits: "12", "12.5", "12.55", ... */
const amountWith = (fractionDigits: number) => (fractionDigits === 0 ? "12" : `12.${"5".repeat(fractionDigits)}`);

describe("validateAmount: fraction digits equal the currency's minor units (supplement.md §1)", () => {
  it.each(
    CURRENCY_CODES.flatMap((currency) => {
      const minorUnits = CURRENCY_MINOR_UNITS[currency];
      return minorUnits === null ? [] : [[currency, minorUnits] as const];
    }),
  )("%s (%i): exactly its minor units pass, one more and one fewer are rejected", (currency, minorUnits) => {
    expect(validateAmount(amountWith(minorUnits), currency)).toBeUndefined();
    const wants = minorUnits === 0 ? "none" : `exactly ${minorUnits}`;
    const more = minorUnits + 1;
    expect(validateAmount(amountWith(more), currency)).toEqual(
      formatError(`has ${more} fraction digit${more === 1 ? "" : "s"}; ${currency} amounts have ${wants} (ISO 4217 minor units)`),
    );
    if (minorUnits > 0) {
      const fewer = minorUnits - 1;
      const has = fewer === 0 ? "has no fraction digits" : `has ${fewer} fraction digit${fewer === 1 ? "" : "s"}`;
      expect(validateAmount(amountWith(fewer), currency)).toEqual(
        formatError(`${has}; ${currency} amounts have ${wants} (ISO 4217 minor units)`),
      );
    }
  });

  it("words the rule with the currency and its minor units", () => {
    const rule = (has: string, currency: string, wants: string) =>
      formatError(`${has}; ${currency} amounts have ${wants} (ISO 4217 minor units)`);
    expect(validateAmount("1250.000", "NOK")).toEqual(rule("has 3 fraction digits", "NOK", "exactly 2"));
    expect(validateAmount("1250.0", "NOK")).toEqual(rule("has 1 fraction digit", "NOK", "exactly 2"));
    expect(validateAmount("1250", "NOK")).toEqual(rule("has no fraction digits", "NOK", "exactly 2"));
    expect(validateAmount("1250.0", "JPY")).toEqual(rule("has 1 fraction digit", "JPY", "none"));
    expect(validateAmount("1.25", "KWD")).toEqual(rule("has 2 fraction digits", "KWD", "exactly 3"));
    expect(validateAmount("1.2500", "KWD")).toEqual(rule("has 4 fraction digits", "KWD", "exactly 3"));
  });

  it.each([
    ["JPY", 0],
    ["KRW", 0],
    ["CLP", 0],
    ["ISK", 0],
    ["VND", 0],
    ["XAF", 0],
    ["XOF", 0],
    ["XPF", 0],
    ["UGX", 0],
    ["PYG", 0],
    ["RWF", 0],
    ["KMF", 0],
    ["DJF", 0],
    ["GNF", 0],
    ["VUV", 0],
    ["BIF", 0],
    ["BYR", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["JOD", 3],
    ["OMR", 3],
    ["TND", 3],
    ["LYD", 3],
    ["IQD", 3],
    ["NOK", 2],
    ["EUR", 2],
    ["MRO", 2],
    ["MGA", 2],
    ["GGP", 2],
    ["IMP", 2],
    ["JEP", 2],
    ["SPL", 2],
    ["TVD", 2],
    ["HRK", 2],
    ["CUC", 2],
    ["SLL", 2],
    ["STD", 2],
    ["VEF", 2],
    ["ZWD", 2],
  ] as const)("the table gives %s %i minor units", (currency, minorUnits) => {
    expect(CURRENCY_MINOR_UNITS[currency]).toBe(minorUnits);
  });

  it("has no minor units for XDR (ISO 4217: N.A.), so 0 to 5 fraction digits pass and 6 are rejected", () => {
    expect(CURRENCY_MINOR_UNITS.XDR).toBeNull();
    for (let digits = 0; digits <= 5; digits++) expect(validateAmount(amountWith(digits), "XDR")).toBeUndefined();
    expect(validateAmount(amountWith(6), "XDR")).toEqual(formatError("has 6 fraction digits; at most 5 are allowed"));
  });

  it("applies the scale of 5 when the currency is not one of the spec's (that field has its own error)", () => {
    expect(validateAmount("1.12345", "BYN")).toBeUndefined();
    expect(validateAmount("1.123456", "BYN")).toEqual(formatError("has 6 fraction digits; at most 5 are allowed"));
  });

  it("allows 18 digits in all and rejects 19 (precision 18)", () => {
    expect(validateAmount(`${"9".repeat(16)}.99`, "NOK")).toBeUndefined();
    expect(validateAmount(`${"9".repeat(17)}.99`, "NOK")).toEqual(formatError("has 19 digits; at most 18 are allowed"));
    expect(validateAmount("9".repeat(18), "JPY")).toBeUndefined();
    expect(validateAmount("1".repeat(19), "JPY")).toEqual(formatError("has 19 digits; at most 18 are allowed"));
  });

  it("rejects zero and accepts the smallest positive amount", () => {
    expect(validateAmount("0.00", "NOK")).toEqual(formatError("must be greater than zero"));
    expect(validateAmount("0", "JPY")).toEqual(formatError("must be greater than zero"));
    expect(validateAmount("0.000", "KWD")).toEqual(formatError("must be greater than zero"));
    expect(validateAmount("0.01", "NOK")).toBeUndefined();
    expect(validateAmount("1", "JPY")).toBeUndefined();
  });

  it.each([
    ["-1250.00", "must be greater than zero; a payment amount cannot be negative"],
    ["-0.00", "must be greater than zero; a payment amount cannot be negative"],
    ["+1250.00", 'must not have a "+" sign'],
    ["1.25e3", 'must not use exponent notation; write the digits out, e.g. "1250.00"'],
    ["1E+3", 'must not use exponent notation; write the digits out, e.g. "1250.00"'],
    ["1250,00", 'must not contain ","; "." is the only decimal separator and there is no thousands separator'],
    ["1,250.00", 'must not contain ","; "." is the only decimal separator and there is no thousands separator'],
    ["1 250.00", "must not contain spaces"],
    [" 1250.00", "must not contain spaces"],
    ["1250.00\n", "must not contain spaces"],
    ["007.00", 'must not have leading zeros, e.g. "7.00" rather than "007.00"'],
    ["00.50", 'must not have leading zeros, e.g. "7.00" rather than "007.00"'],
    ["", 'is empty; an amount is a decimal string such as "1250.00"'],
    [".50", 'is not a decimal amount such as "1250.00"'],
    ["12.", 'is not a decimal amount such as "1250.00"'],
    ["12.3.4", 'is not a decimal amount such as "1250.00"'],
    ["NaN", 'is not a decimal amount such as "1250.00"'],
    ["Infinity", 'is not a decimal amount such as "1250.00"'],
    ["one", 'is not a decimal amount such as "1250.00"'],
    ["١٢.٥٠", 'is not a decimal amount such as "1250.00"'],
  ])("rejects %j: %s", (amount, reason) => {
    expect(validateAmount(amount, "NOK")).toEqual(formatError(reason));
  });

  it("accepts a plain amount below one", () => {
    expect(validateAmount("0.50", "NOK")).toBeUndefined();
  });
});

describe("validateReportedAmount: amounts in replies (supplement.md §1, §3)", () => {
  it.each(["-12.50", "12.50", "0", "-0.00", "1250", "1.12345", "007.00", `-${"9".repeat(18)}`])("accepts %j", (amount) => {
    expect(validateReportedAmount(amount)).toBeUndefined();
  });

  it("does not hold replies to the currency's minor units: NOK 12.5 is read", () => {
    expect(validateReportedAmount("12.5")).toBeUndefined();
  });

  it("keeps precision 18 and scale 5", () => {
    expect(validateReportedAmount("9".repeat(19))).toEqual(formatError("has 19 digits; at most 18 are allowed"));
    expect(validateReportedAmount("1.123456")).toEqual(formatError("has 6 fraction digits; at most 5 are allowed"));
  });

  it.each([
    ["+1.00", 'must not have a "+" sign'],
    ["1,00", 'must not contain ","; "." is the only decimal separator and there is no thousands separator'],
    ["1e2", 'must not use exponent notation; write the digits out, e.g. "1250.00"'],
    ["- 1.00", "must not contain spaces"],
    ["--1", 'is not a decimal amount such as "1250.00"'],
  ])("rejects %j: %s", (amount, reason) => {
    expect(validateReportedAmount(amount)).toEqual(formatError(reason));
  });
});
