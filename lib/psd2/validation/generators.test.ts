// Property-style checks of the generators the sandbox and tests use: values made by them pass
// their rule, and changing one digit makes them fail. A seeded generator keeps runs repeatable.
import { describe, expect, it } from "vitest";
import { appendLuhnCheckDigit, appendMod11CheckDigit } from "./check-digits";
import { checkKid } from "./check-kid";
import { IBAN_LENGTHS } from "./iban-lengths";
import { createIban, ibanFromNorwegianBban, validateIban } from "./validate-iban";
import { createNorwegianBban, validateNorwegianBban } from "./validate-norwegian-bban";

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seededRandom(20250301);
const integer = (below: number) => Math.floor(random() * below);
const digits = (count: number) => Array.from({ length: count }, () => String(integer(10))).join("");

/** The string with the digit at `index` replaced by another digit. */
function changeDigit(value: string, index: number): string {
  const digit = Number(value.charAt(index));
  const other = (digit + 1 + integer(9)) % 10;
  return value.slice(0, index) + String(other) + value.slice(index + 1);
}

const RUNS = 500;

describe("generated KIDs (supplement.md §5)", () => {
  it("MOD10 KIDs of 2 to 25 digits pass, and fail with any one digit changed", () => {
    for (let run = 0; run < RUNS; run++) {
      const kid = appendLuhnCheckDigit(digits(1 + integer(24)));
      expect(checkKid(kid), kid).toBeUndefined();
      const changed = changeDigit(kid, integer(kid.length));
      // Luhn catches every single-digit change; the changed KID could only pass as a MOD11 KID.
      const verdict = checkKid(changed);
      if (verdict === undefined) expect(appendMod11CheckDigit(changed.slice(0, -1)), changed).toBe(changed);
      else expect(verdict.code).toBe("KID_INVALID");
    }
  });

  it("MOD11 KIDs pass, '-' included, and fail with a changed payload digit unless the Luhn check happens to hold", () => {
    let dashes = 0;
    for (let run = 0; run < RUNS; run++) {
      const kid = appendMod11CheckDigit(digits(1 + integer(24)));
      if (kid.endsWith("-")) dashes++;
      expect(checkKid(kid), kid).toBeUndefined();
      const changed = changeDigit(kid, integer(kid.length - 1));
      const verdict = checkKid(changed);
      if (verdict === undefined) expect(appendLuhnCheckDigit(changed.slice(0, -1)), changed).toBe(changed);
      else expect(verdict.code).toBe("KID_INVALID");
    }
    expect(dashes).toBeGreaterThan(0);
  });
});

describe("generated Norwegian account numbers and IBANs (supplement.md §11)", () => {
  it("pass the MOD11 check, their IBANs pass MOD 97-10, and a changed digit fails both", () => {
    let made = 0;
    for (let run = 0; run < RUNS; run++) {
      const bban = createNorwegianBban(digits(4), digits(2), digits(4));
      if (bban === undefined) continue;
      made++;
      expect(validateNorwegianBban(bban, { checkDigit: true }), bban).toBeUndefined();
      const iban = ibanFromNorwegianBban(bban);
      expect(validateIban(iban), iban).toBeUndefined();
      const index = integer(11);
      const changedBban = changeDigit(bban, index);
      expect(validateNorwegianBban(changedBban, { checkDigit: true })?.reason, changedBban).toBe("has a wrong check digit (MOD11)");
      expect(validateIban(`${iban.slice(0, 4)}${changedBban}`)?.reason).toBe(
        "fails the IBAN check (ISO 7064 MOD 97-10): a character is wrong",
      );
    }
    expect(made).toBeGreaterThan(RUNS * 0.8);
  });

  it("IBANs of every registry country pass, and fail with a changed BBAN digit", () => {
    const countries = Object.entries(IBAN_LENGTHS);
    for (let run = 0; run < RUNS; run++) {
      const [country, length] = countries[integer(countries.length)] ?? ["NO", 15];
      const iban = createIban(country, digits(length - 4));
      expect(validateIban(iban), iban).toBeUndefined();
      const changed = changeDigit(iban, 4 + integer(length - 4));
      expect(validateIban(changed)?.reason, changed).toBe("fails the IBAN check (ISO 7064 MOD 97-10): a character is wrong");
    }
  });
});
