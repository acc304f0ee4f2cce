import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, isCountryCode, validateCountryCode } from "./country-codes";

describe('country codes (psd2-interface.md "Shared types", Address)', () => {
  it("holds the spec's 249 codes, each once, in the spec's order", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.slice(0, 3)).toEqual(["AF", "AX", "AL"]);
    expect(COUNTRY_CODES.slice(-3)).toEqual(["YE", "ZM", "ZW"]);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it.each(["NO", "SE", "AF", "ZW", "AX", "SJ", "BQ", "SS"])("accepts %s", (code) => {
    expect(isCountryCode(code)).toBe(true);
    expect(validateCountryCode(code)).toBeUndefined();
  });

  it.each(["XK", "EU", "UK", "NOR", "N", ""])("rejects %j", (code) => {
    expect(validateCountryCode(code)).toEqual({
      code: "FORMAT_ERROR",
      reason: "is not one of the interface's country codes (ISO 3166-1 alpha-2, e.g. NO)",
    });
  });

  it("tells that a code is right but lower-case", () => {
    expect(validateCountryCode("no")).toEqual({ code: "FORMAT_ERROR", reason: "must be upper-case: NO" });
  });
});
