/**
 * Exact money arithmetic on decimal strings, in BigInt minor units: amounts never pass through
 * JavaScript floats. The database keeps amounts as numeric(23, 5) and returns them as strings
 * such as "-123.45000"; the wire wants the currency's ISO 4217 fraction digits ("-123.45").
 */
import { minorUnitsOf } from "../../psd2/validation/currency-minor-units";

/** The scale of the database's money columns, also used for currencies without minor units (XDR). */
export const STORAGE_SCALE = 5;

const DECIMAL = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

/** The fraction digits of a currency's amounts: its ISO 4217 minor units, else the storage scale. */
export function fractionDigitsOf(currency: string): number {
  return minorUnitsOf(currency) ?? STORAGE_SCALE;
}

/** A decimal string as an integer count of 10^-digits units; a RangeError when it has more (non-zero) digits. */
export function toMinorUnits(amount: string, digits: number): bigint {
  const match = DECIMAL.exec(amount);
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const [, sign, integer = "0", fraction = ""] = match;
  const kept = fraction.slice(0, digits);
  if (/[1-9]/.test(fraction.slice(digits))) {
    throw new RangeError(`${amount} has more than ${digits} fraction digits`);
  }
  const units = BigInt(integer + kept.padEnd(digits, "0"));
  return sign === "-" ? -units : units;
}

/** An integer count of 10^-digits units as a decimal string with exactly that many fraction digits. */
export function fromMinorUnits(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, "0");
  const integer = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? "-" : ""}${integer}${digits > 0 ? `.${fraction}` : ""}`;
}

/**
 * An amount (e.g. the database's "-123.45000") in the currency's fraction digits ("-123.45").
 * An amount with more significant digits than the currency has keeps them: exactness wins.
 */
export function formatAmount(amount: string, currency: string): string {
  const digits = fractionDigitsOf(currency);
  try {
    return fromMinorUnits(toMinorUnits(amount, digits), digits);
  } catch {
    return fromMinorUnits(toMinorUnits(amount, STORAGE_SCALE), STORAGE_SCALE);
  }
}

/** The exact sum of decimal strings, with the currency's fraction digits. */
export function addAmounts(currency: string, ...amounts: string[]): string {
  let sum = 0n;
  for (const amount of amounts) sum += toMinorUnits(amount, STORAGE_SCALE);
  return formatAmount(fromMinorUnits(sum, STORAGE_SCALE), currency);
}

/** The exact difference a - b, with the currency's fraction digits. */
export function subtractAmounts(currency: string, a: string, b: string): string {
  const difference = toMinorUnits(a, STORAGE_SCALE) - toMinorUnits(b, STORAGE_SCALE);
  return formatAmount(fromMinorUnits(difference, STORAGE_SCALE), currency);
}

/** Negates a decimal string exactly ("12.50" -> "-12.50", "-3.00" -> "3.00", "0.00" stays). */
export function negateAmount(amount: string): string {
  if (amount.startsWith("-")) return amount.slice(1);
  return /^[0.]+$/.test(amount) ? amount : `-${amount}`;
}
