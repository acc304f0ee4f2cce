import { describe, expect, it } from "vitest";
import { createNorwegianBban, isValidNorwegianBban, validateNorwegianBban } from "./validate-norwegian-bban";

const formatError = (reason: string) => ({ code: "FORMAT_ERROR", reason });
const NOT_ELEVEN = formatError("must be a Norwegian account number of 11 digits, without spaces or dots");

describe('validateNorwegianBban (supplement.md §11; psd2-interface.md "Limits")', () => {
  it("accepts 11 digits", () => {
    expect(validateNorwegianBban("86011117947")).toBeUndefined();
    expect(validateNorwegianBban("12345678903")).toBeUndefined();
  });

  it.each(["8601111794", "860111179470", "8601.11.17947", "8601 11 17947", "8601111794a", ""])("rejects %j", (bban) => {
    expect(validateNorwegianBban(bban)).toEqual(NOT_ELEVEN);
  });

  it("rejects more than 30 characters with the spec's limit first", () => {
    expect(validateNorwegianBban("1".repeat(30))).toEqual(NOT_ELEVEN);
    expect(validateNorwegianBban("1".repeat(31))).toEqual(formatError("is 31 characters long; at most 30 are allowed"));
  });

  it("is lenient on the check digit by default and strict on request", () => {
    expect(validateNorwegianBban("86011117940")).toBeUndefined();
    expect(validateNorwegianBban("86011117940", { checkDigit: true })).toEqual(formatError("has a wrong check digit (MOD11)"));
    expect(validateNorwegianBban("86011117947", { checkDigit: true })).toBeUndefined();
    expect(isValidNorwegianBban("86011117947")).toBe(true);
    expect(isValidNorwegianBban("86011117940")).toBe(false);
  });

  it("never accepts an account number whose MOD11 check would be '-'", () => {
    // 0000000006: 6*2 = 12, remainder 1
    expect(isValidNorwegianBban("00000000060")).toBe(false);
    expect(createNorwegianBban("0000", "00", "0006")).toBeUndefined();
  });
});

describe("createNorwegianBban", () => {
  it("adds the MOD11 check digit to bank code, account group and serial", () => {
    expect(createNorwegianBban("8601", "11", "1794")).toBe("86011117947");
    expect(createNorwegianBban("1234", "56", "7890")).toBe("12345678903");
  });

  it.each([
    ["860", "11", "1794"],
    ["8601", "1", "1794"],
    ["8601", "11", "17940"],
    ["86a1", "11", "1794"],
  ])("throws on parts of the wrong shape: %j %j %j", (bankCode, accountGroup, serial) => {
    expect(() => createNorwegianBban(bankCode, accountGroup, serial)).toThrow(RangeError);
  });
});
