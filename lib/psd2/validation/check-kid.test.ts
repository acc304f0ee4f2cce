import { describe, expect, it } from "vitest";
import { checkKid, hasKidReference, isKidReferenceType, isValidKid } from "./check-kid";

const kidInvalid = (reason: string) => ({ code: "KID_INVALID", reason });
const WRONG_CHECK = "has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check";

describe("checkKid (supplement.md §5)", () => {
  it.each([
    ["79927398713", "MOD10"],
    ["67", "MOD10, 2 digits"],
    ["86011117947", "MOD11"],
    ["12345678903", "MOD11"],
    ["51", "MOD11, 2 digits"],
    ["00", "both"],
    ["6-", "MOD11 whose remainder is 1: '-' as check character"],
    ["1234567890123456789012340", "MOD10, 25 digits"],
    ["1234567890123456789012341", "MOD11, 25 digits"],
  ])("accepts %s (%s)", (kid) => {
    expect(checkKid(kid)).toBeUndefined();
    expect(isValidKid(kid)).toBe(true);
  });

  it("rejects 1 and 26 characters, accepts 2 and 25 (length 2 to 25)", () => {
    expect(checkKid("0")).toEqual(kidInvalid("is 1 character long; a KID has 2 to 25 digits"));
    expect(checkKid("")).toEqual(kidInvalid("is empty; a KID has 2 to 25 digits"));
    expect(checkKid("12345678901234567890123459")).toEqual(kidInvalid("is 26 characters long; a KID has 2 to 25 digits"));
    expect(checkKid("1234567890123456789012340")).toBeUndefined();
    expect(checkKid("67")).toBeUndefined();
  });

  it.each(["7992739871 3", "799273987l3", "7992-739871", "-6", "--", "6--", "１２"])("rejects %j: only digits, '-' only last", (kid) => {
    expect(checkKid(kid)).toEqual(kidInvalid('must hold only digits; a MOD11 KID may end in "-" as its check character'));
  });

  it.each(["79927398710", "79927398714", "86011117940", "1234567890123456789012344", "5-", "10"])(
    "rejects %s: wrong check digit",
    (kid) => {
      expect(checkKid(kid)).toEqual(kidInvalid(WRONG_CHECK));
      expect(isValidKid(kid)).toBe(false);
    },
  );
});

describe("KID reference types", () => {
  it.each([
    ["KID", true],
    ["OCR", true],
    ["kid", true],
    ["Ocr", true],
    ["SCOR", false],
    ["", false],
    [undefined, false],
  ] as const)("referenceType %j is a KID: %s", (referenceType, expected) => {
    expect(isKidReferenceType(referenceType)).toBe(expected);
  });

  it("hasKidReference tells whether structured remittance holds a KID (for the bank's KID_MISSING)", () => {
    expect(hasKidReference(undefined)).toBe(false);
    expect(hasKidReference([])).toBe(false);
    expect(hasKidReference([{ referenceType: "SCOR" }, {}])).toBe(false);
    expect(hasKidReference([{ referenceType: "SCOR" }, { referenceType: "KID" }])).toBe(true);
  });
});
