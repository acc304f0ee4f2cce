/**
 * The sandbox bank's own identity in the data it makes: its BIC and the bank code (the first
 * four digits) of the Norwegian account numbers (BBANs) it issues.
 */
import { createNorwegianBban, ibanFromNorwegianBban, appendLuhnCheckDigit, appendMod11CheckDigit } from "../../../psd2/validation";
import type { Random } from "./prng";

/** Fjordbanken, the sandbox bank: a BIC of valid ISO 9362 form (FJOR, NO, KK). */
export const SANDBOX_BIC = "FJORNOKK";
/** The bank register number of the sandbox bank's accounts. */
export const SANDBOX_BANK_CODE = "3800";

/** Bank codes of other Norwegian banks, for the counterparties of the generated history. */
const OTHER_BANK_CODES = ["1503", "1506", "1602", "1822", "3000", "4200", "6011", "9235"] as const;

/** A BBAN with a valid MOD11 check digit at the given bank, drawn from a random source. */
export function drawBban(random: Random, bankCode: string): string {
  for (;;) {
    const bban = createNorwegianBban(bankCode, random.digits(2), random.digits(4));
    if (bban !== undefined) return bban;
  }
}

/** A new account number and its IBAN at the sandbox bank. */
export function drawSandboxAccountNumber(random: Random): { bban: string; iban: string } {
  const bban = drawBban(random, SANDBOX_BANK_CODE);
  return { bban, iban: ibanFromNorwegianBban(bban) };
}

/** An account number at another Norwegian bank (a counterparty outside the sandbox). */
export function drawExternalBban(random: Random): string {
  return drawBban(random, random.pick(OTHER_BANK_CODES));
}

/**
 * A KID of the given length (2-25) with a MOD10 (Luhn) or MOD11 check digit. A MOD11 payload
 * whose check character would be "-" gets a Luhn check digit instead, so that every generated KID
 * is digits only.
 */
export function drawKid(random: Random, length: number, scheme: "MOD10" | "MOD11"): string {
  const payload = random.digits(length - 1);
  if (scheme === "MOD11") {
    const kid = appendMod11CheckDigit(payload);
    if (!kid.endsWith("-")) return kid;
  }
  return appendLuhnCheckDigit(payload);
}

/** A masked card number: the 6-digit BIN, six stars, the last four digits (`552211******4821`). */
export function maskPan(bin: string, last4: string): string {
  return `${bin}******${last4}`;
}
