import { describe, expect, it } from "vitest";
import { IBAN_LENGTHS, ibanLengthOf } from "./iban-lengths";
import { createIban, ibanFromNorwegianBban, isValidIban, normalizeIban, validateIban } from "./validate-iban";

const formatError = (reason: string) => ({ code: "FORMAT_ERROR", reason });

describe('validateIban (ISO 13616, psd2-interface.md "SEPA credit transfer request")', () => {
  it.each([
    "NO9386011117947",
    "GB82WEST12345698765432",
    "DE89370400440532013000",
    "FR1420041010050500013M02606",
    "NL91ABNA0417164300",
    "BE68539007547034",
    "SE4550000000058398257466",
    "DK5000400440116243",
    "FI2112345600000785",
    "CH9300762011623852957",
    "MT84MALT011000012345MTLCAST001S",
    "LC55HEMM000100010012001200023015",
  ])("accepts the IBAN Registry's example %s", (iban) => {
    expect(validateIban(iban)).toBeUndefined();
    expect(isValidIban(iban)).toBe(true);
  });

  it("rejects the electronic format's enemies: spaces, lower case, other characters", () => {
    expect(validateIban("NO93 8601 1117 947")).toEqual(
      formatError("must not contain spaces; the IBAN is sent in electronic format, e.g. NO9386011117947"),
    );
    expect(validateIban("no9386011117947")).toEqual(formatError("must be upper-case"));
    expect(validateIban("NO93-8601-1117947")).toEqual(formatError("must hold only the letters A-Z and digits"));
    expect(validateIban("")).toEqual(formatError("must hold only the letters A-Z and digits"));
  });

  it("rejects more than 34 characters with the spec's limit", () => {
    expect(validateIban(`LC55${"0".repeat(31)}`)).toEqual(formatError("is 35 characters long; at most 34 are allowed"));
  });

  it("rejects a country without IBANs", () => {
    expect(validateIban("US64SVBKUS6S3300958879")).toEqual(formatError("does not start with the country code of a country that has IBANs"));
    expect(validateIban("1234")).toEqual(formatError("does not start with the country code of a country that has IBANs"));
  });

  it.each(["00", "01", "99", "9A"])("rejects check digits %s (02 to 98 only)", (check) => {
    expect(validateIban(`NO${check}86011117947`)).toEqual(formatError(`has check digits "${check}"; IBAN check digits are 02 to 98`));
  });

  it("rejects a wrong length for the country, one more or one fewer", () => {
    expect(validateIban("NO93860111179470")).toEqual(formatError("is 16 characters long; IBANs of NO have 15"));
    expect(validateIban("NO938601111794")).toEqual(formatError("is 14 characters long; IBANs of NO have 15"));
  });

  it("rejects a changed digit and swapped digits (MOD 97-10)", () => {
    const wrong = formatError("fails the IBAN check (ISO 7064 MOD 97-10): a character is wrong");
    expect(validateIban("NO9386011117948")).toEqual(wrong);
    expect(validateIban("NO9368011117947")).toEqual(wrong);
    expect(validateIban("GB82WEST12345698765433")).toEqual(wrong);
  });
});

describe("IBAN lengths (SWIFT IBAN Registry)", () => {
  it("lists 89 countries, with lengths from 15 (NO) to 33 (RU)", () => {
    expect(Object.keys(IBAN_LENGTHS)).toHaveLength(89);
    expect(Math.min(...Object.values(IBAN_LENGTHS))).toBe(15);
    expect(Math.max(...Object.values(IBAN_LENGTHS))).toBe(33);
  });

  it.each([
    ["NO", 15],
    ["BE", 16],
    ["DE", 22],
    ["FR", 27],
    ["MT", 31],
    ["LC", 32],
    ["RU", 33],
    ["XK", 20],
    ["YE", 30],
    ["HN", 28],
  ] as const)("%s has %i", (country, length) => {
    expect(ibanLengthOf(country)).toBe(length);
  });

  it("has no entry for countries without IBANs, nor for inherited keys", () => {
    expect(ibanLengthOf("US")).toBeUndefined();
    expect(ibanLengthOf("SJ")).toBeUndefined();
    expect(ibanLengthOf("constructor")).toBeUndefined();
  });

  it.each(Object.entries(IBAN_LENGTHS))("%s: an IBAN of length %i is valid, one character more or fewer is not", (country, length) => {
    const bban = "1".repeat(length - 4);
    const iban = createIban(country, bban);
    expect(validateIban(iban)).toBeUndefined();
    expect(validateIban(createIbanUnchecked(country, `${bban}1`))?.reason).toBe(
      `is ${length + 1} characters long; IBANs of ${country} have ${length}`,
    );
    expect(validateIban(createIbanUnchecked(country, bban.slice(1)))?.reason).toBe(
      `is ${length - 1} characters long; IBANs of ${country} have ${length}`,
    );
  });
});

/** An IBAN-shaped string with correct check digits whatever its length (to test the length rule alone). */
function createIbanUnchecked(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join("");
  const check = 98 - Number(BigInt(digits) % 97n);
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}

describe("normalizeIban, createIban, ibanFromNorwegianBban", () => {
  it("normalizes user input to the electronic format", () => {
    expect(normalizeIban(" no93 8601\t1117 947 ")).toBe("NO9386011117947");
  });

  it("makes IBANs with their check digits", () => {
    expect(createIban("NO", "86011117947")).toBe("NO9386011117947");
    expect(createIban("GB", "WEST12345698765432")).toBe("GB82WEST12345698765432");
    expect(ibanFromNorwegianBban("86011117947")).toBe("NO9386011117947");
  });

  it("throws on input it cannot make an IBAN of", () => {
    expect(() => createIban("US", "123")).toThrow(RangeError);
    expect(() => createIban("NO", "8601111794")).toThrow(RangeError);
    expect(() => createIban("NO", "8601111794a")).toThrow(RangeError);
    expect(() => ibanFromNorwegianBban("8601.11.17947")).toThrow(RangeError);
  });
});
