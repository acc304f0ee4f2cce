import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, isCurrencyCode, validateCurrencyCode } from "./currency-codes";
import { CURRENCY_MINOR_UNITS } from "./currency-minor-units";

describe('currency codes (psd2-interface.md "Shared types", Amount)', () => {
  it("holds the spec's 162 codes, each once, in alphabetical order", () => {
    expect(CURRENCY_CODES).toHaveLength(162);
    expect(new Set(CURRENCY_CODES).size).toBe(162);
    expect([...CURRENCY_CODES].sort()).toEqual([...CURRENCY_CODES]);
    expect(CURRENCY_CODES[0]).toBe("AED");
    expect(CURRENCY_CODES.at(-1)).toBe("ZWD");
  });

  it("holds the spec's count per first letter", () => {
    const perLetter: Record<string, number> = {};
    for (const code of CURRENCY_CODES) perLetter[code.charAt(0)] = (perLetter[code.charAt(0)] ?? 0) + 1;
    expect(perLetter).toEqual({
      A: 10,
      B: 15,
      C: 11,
      D: 4,
      E: 4,
      F: 2,
      G: 9,
      H: 5,
      I: 7,
      J: 4,
      K: 9,
      L: 6,
      M: 14,
      N: 6,
      O: 1,
      P: 7,
      Q: 1,
      R: 4,
      S: 15,
      T: 10,
      U: 5,
      V: 3,
      W: 1,
      X: 5,
      Y: 1,
      Z: 3,
    });
  });

  it.each(["AED", "NOK", "EUR", "JPY", "KWD", "XDR", "ZWD", "GGP", "SPL", "TVD", "BYR", "MRO", "VEF"])("accepts %s", (code) => {
    expect(isCurrencyCode(code)).toBe(true);
    expect(validateCurrencyCode(code)).toBeUndefined();
  });

  it.each(["BYN", "MRU", "STN", "VES", "SLE", "ZWG", "XAU", "XXX", "NOKK", "NO", ""])(
    "rejects %j, which is not in the spec's list",
    (code) => {
      expect(isCurrencyCode(code)).toBe(false);
      expect(validateCurrencyCode(code)).toEqual({
        code: "FORMAT_ERROR",
        reason: "is not one of the interface's currency codes (ISO 4217 alphabetic, e.g. NOK)",
      });
    },
  );

  it("tells that a code is right but lower-case", () => {
    expect(validateCurrencyCode("nok")).toEqual({ code: "FORMAT_ERROR", reason: "must be upper-case: NOK" });
  });

  it("has a minor-units entry for every code and for no other", () => {
    expect(Object.keys(CURRENCY_MINOR_UNITS).sort()).toEqual([...CURRENCY_CODES].sort());
  });
});
