import { describe, expect, it } from "vitest";
import { FIELD_LIMITS } from "./field-limits";
import { validateLength } from "./validate-length";

const tooLong = (length: number, max: number) => ({
  code: "FORMAT_ERROR",
  reason: `is ${length} characters long; at most ${max} are allowed`,
});

describe("validateLength with the spec's Limits table", () => {
  it.each([
    ["creditorName", FIELD_LIMITS.creditorName, 70],
    ["ultimateDebtor", FIELD_LIMITS.ultimateDebtor, 70],
    ["creditorAddress.street", FIELD_LIMITS.street, 70],
    ["account name", FIELD_LIMITS.accountName, 70],
    ["bban", FIELD_LIMITS.bban, 30],
    ["iban", FIELD_LIMITS.iban, 34],
    ["endToEndIdentification", FIELD_LIMITS.endToEndIdentification, 35],
    ["remittanceInformationUnstructured", FIELD_LIMITS.remittanceInformationUnstructured, 140],
    ["remittance reference", FIELD_LIMITS.remittanceReference, 35],
    ["tppMessage text", FIELD_LIMITS.tppMessageText, 512],
    ["psuMessage", FIELD_LIMITS.psuMessage, 512],
  ] as const)("%s: %i characters pass, one more is rejected", (_field, limit, max) => {
    expect(limit.max).toBe(max);
    expect(validateLength("x".repeat(max), limit)).toBeUndefined();
    expect(validateLength("x".repeat(max + 1), limit)).toEqual(tooLong(max + 1, max));
  });

  it("remittanceInformationUnstructured: 0 is rejected, 1 and 140 pass, 141 is rejected", () => {
    const limit = FIELD_LIMITS.remittanceInformationUnstructured;
    expect(validateLength("", limit)).toEqual({ code: "FORMAT_ERROR", reason: "is empty; at least 1 character is required" });
    expect(validateLength("a", limit)).toBeUndefined();
    expect(validateLength("a".repeat(140), limit)).toBeUndefined();
    expect(validateLength("a".repeat(141), limit)).toEqual(tooLong(141, 140));
  });

  it("remittance reference, referenceType, referenceIssuer: 1 to 35", () => {
    expect(validateLength("", FIELD_LIMITS.remittanceReference)?.reason).toBe("is empty; at least 1 character is required");
    expect(validateLength("1", FIELD_LIMITS.remittanceReference)).toBeUndefined();
  });

  it("a request text with no stated maximum must still not be empty (ISO 20022 MaxNText)", () => {
    expect(validateLength("", FIELD_LIMITS.text)?.reason).toBe("is empty; at least 1 character is required");
    expect(validateLength("x".repeat(10_000), FIELD_LIMITS.text)).toBeUndefined();
  });

  it("words a minimum above 1 in the plural", () => {
    expect(validateLength("a", { min: 2 })).toEqual({
      code: "FORMAT_ERROR",
      reason: "is 1 character long; at least 2 characters are required",
    });
  });

  it("counts code points: 70 emoji are 70 characters, though 140 UTF-16 units", () => {
    expect(validateLength("😀".repeat(70), FIELD_LIMITS.creditorName)).toBeUndefined();
    expect(validateLength("😀".repeat(71), FIELD_LIMITS.creditorName)).toEqual(tooLong(71, 70));
  });
});
