import { FIELD_LIMITS } from "./field-limits";
import { ibanLengthOf } from "./iban-lengths";
import { validateLength } from "./validate-length";
import { validateNorwegianBban } from "./validate-norwegian-bban";
import { formatError, type Violation } from "./violation";

/** ISO 7064 MOD 97-10 of an IBAN-ordered string (letters count as 10..35). */
function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    const number = code >= 65 ? code - 55 : code - 48;
    remainder = (remainder * (number > 9 ? 100 : 10) + number) % 97;
  }
  return remainder;
}

/**
 * Whether a wire `iban` is an IBAN in electronic format: at most 34 characters (the spec's
 * limit), upper-case letters and digits only (no spaces: the wire carries the electronic form;
 * see {@link normalizeIban} for user input), a country that has IBANs, check digits 02 to 98,
 * the country's length from the IBAN Registry, and a passing ISO 7064 MOD 97-10 check.
 *
 * @see docs/interface/payments.md#sepa-credit-transfer, docs/interface/limits.md#limits-in-the-spec (ISO 13616-1:2007)
 */
export function validateIban(iban: string): Violation | undefined {
  const tooLong = validateLength(iban, FIELD_LIMITS.iban);
  if (tooLong) return tooLong;
  if (!/^[A-Z0-9]+$/.test(iban)) {
    if (/\s/.test(iban)) return formatError("must not contain spaces; the IBAN is sent in electronic format, e.g. NO9386011117947");
    if (/^[A-Za-z0-9]+$/.test(iban)) return formatError("must be upper-case");
    return formatError("must hold only the letters A-Z and digits");
  }
  const country = iban.slice(0, 2);
  const length = /^[A-Z]{2}$/.test(country) ? ibanLengthOf(country) : undefined;
  if (length === undefined) return formatError("does not start with the country code of a country that has IBANs");
  const checkDigits = iban.slice(2, 4);
  if (!/^[0-9]{2}$/.test(checkDigits) || checkDigits < "02" || checkDigits > "98") {
    return formatError(`has check digits "${checkDigits}"; IBAN check digits are 02 to 98`);
  }
  if (iban.length !== length) return formatError(`is ${iban.length} characters long; IBANs of ${country} have ${length}`);
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) {
    return formatError("fails the IBAN check (ISO 7064 MOD 97-10): a character is wrong");
  }
  return undefined;
}

/** Whether a string is a valid IBAN in electronic format. @see docs/interface/payments.md#sepa-credit-transfer */
export function isValidIban(iban: string): boolean {
  return validateIban(iban) === undefined;
}

/**
 * The electronic format of an IBAN typed by a user: whitespace removed, letters upper-cased
 * ("no93 8601 1117 947" -> "NO9386011117947"). It does not validate; the wire rules are
 * {@link validateIban}'s.
 *
 * @see docs/interface/payments.md#sepa-credit-transfer
 */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

/**
 * The IBAN of a country's BBAN, with its check digits computed. Throws a RangeError when the
 * country has no IBANs, the BBAN has characters other than A-Z and 0-9, or the result does not
 * have the country's length.
 *
 * @see docs/interface/payments.md#sepa-credit-transfer (ISO 13616-1:2007)
 */
export function createIban(countryCode: string, bban: string): string {
  const length = ibanLengthOf(countryCode);
  if (length === undefined || !/^[A-Z0-9]+$/.test(bban) || bban.length + 4 !== length) {
    throw new RangeError(`cannot make an IBAN of country ${JSON.stringify(countryCode)} from BBAN ${JSON.stringify(bban)}`);
  }
  const check = 98 - mod97(bban + countryCode + "00");
  return countryCode + String(check).padStart(2, "0") + bban;
}

/**
 * The IBAN of a Norwegian account number ("86011117947" -> "NO9386011117947"). Throws a
 * RangeError when the BBAN is not 11 digits.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export function ibanFromNorwegianBban(bban: string): string {
  if (validateNorwegianBban(bban)) throw new RangeError(`not a Norwegian account number: ${JSON.stringify(bban)}`);
  return createIban("NO", bban);
}
