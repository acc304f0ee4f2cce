import { computeMod11CheckDigit } from "./check-digits";
import { FIELD_LIMITS } from "./field-limits";
import { validateLength } from "./validate-length";
import { formatError, type Violation } from "./violation";

const NORWEGIAN_BBAN = /^[0-9]{11}$/;

export interface NorwegianBbanOptions {
  /** Check the MOD11 check digit too (default false: the format only, as a real bank knows its accounts better). */
  readonly checkDigit?: boolean;
}

/**
 * Whether a wire `bban` is a Norwegian account number: at most 30 characters (the spec's limit),
 * then exactly 11 digits (4 bank, 2 account group, 4 serial, 1 MOD11 check digit), without the
 * spaces or dots of the written form ("1234.56.78903"). The MOD11 check is an option.
 *
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/sandbox-operations.md#sandbox-operations
 */
export function validateNorwegianBban(bban: string, options: NorwegianBbanOptions = {}): Violation | undefined {
  const tooLong = validateLength(bban, FIELD_LIMITS.bban);
  if (tooLong) return tooLong;
  if (!NORWEGIAN_BBAN.test(bban)) {
    return formatError("must be a Norwegian account number of 11 digits, without spaces or dots");
  }
  if (options.checkDigit && computeMod11CheckDigit(bban.slice(0, 10)) !== bban.slice(10)) {
    return formatError("has a wrong check digit (MOD11)");
  }
  return undefined;
}

/** Whether a string is an 11-digit Norwegian account number with a valid MOD11 check digit. @see docs/interface/sandbox-operations.md#sandbox-operations */
export function isValidNorwegianBban(bban: string): boolean {
  return validateNorwegianBban(bban, { checkDigit: true }) === undefined;
}

/**
 * A Norwegian account number from its parts, with its MOD11 check digit: bank code (4 digits),
 * account group (2 digits) and serial (4 digits). Undefined when the check character would be
 * "-": no such account number is issued.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export function createNorwegianBban(bankCode: string, accountGroup: string, serial: string): string | undefined {
  if (!/^[0-9]{4}$/.test(bankCode) || !/^[0-9]{2}$/.test(accountGroup) || !/^[0-9]{4}$/.test(serial)) {
    throw new RangeError("a Norwegian account number needs a 4-digit bank code, a 2-digit account group and a 4-digit serial");
  }
  const payload = bankCode + accountGroup + serial;
  const check = computeMod11CheckDigit(payload);
  return check === "-" ? undefined : payload + check;
}
