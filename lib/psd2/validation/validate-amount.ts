import { minorUnitsOf } from "./currency-minor-units";
import { plural } from "./plural";
import { formatError, type Violation } from "./violation";

/** The contract's precision (digits in all) and scale (fraction digits). @see docs/interface/limits.md#limits-in-the-spec */
export const AMOUNT_PRECISION = 18;
export const AMOUNT_SCALE = 5;

// A request amount: no sign, no leading zeros ("007.00"), no exponent, "." as the only separator.
const REQUEST_AMOUNT = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
// A reported amount (responses): the same, but debits are negative and leading zeros are let pass.
const REPORTED_AMOUNT = /^-?([0-9]+)(?:\.([0-9]+))?$/;

/**
 * Whether a request amount is valid for its currency: a decimal string greater than zero, without
 * sign, exponent, spaces, thousands separators or leading zeros, with at most 18 digits, and with
 * exactly as many fraction digits as the currency's ISO 4217 minor units ("1250.00" for NOK,
 * "1250" for JPY, "1250.000" for KWD). When the currency is not one of the spec's codes (the
 * currency field then has its own error) or has no minor units (XDR), the scale of 5 applies.
 *
 * Leading zeros are rejected: the amount is a canonical decimal, and "007.00" is more likely a
 * typing error than an amount.
 *
 * @see docs/interface/conventions.md#amount; docs/interface/conventions.md#wire-conventions
 */
export function validateAmount(amount: string, currency: string): Violation | undefined {
  const match = REQUEST_AMOUNT.exec(amount);
  if (!match) return diagnoseSyntax(amount, true);
  const integer = match[1] ?? "";
  const fraction = match[2] ?? "";
  const digits = integer.length + fraction.length;
  if (digits > AMOUNT_PRECISION) {
    return formatError(`has ${digits} digits; at most ${AMOUNT_PRECISION} are allowed`);
  }
  const minorUnits = minorUnitsOf(currency);
  if (minorUnits === null) {
    if (fraction.length > AMOUNT_SCALE) {
      return formatError(`has ${fraction.length} fraction digits; at most ${AMOUNT_SCALE} are allowed`);
    }
  } else if (fraction.length !== minorUnits) {
    const has = fraction.length === 0 ? "has no fraction digits" : `has ${plural(fraction.length, "fraction digit")}`;
    const wants = minorUnits === 0 ? "none" : `exactly ${minorUnits}`;
    return formatError(`${has}; ${currency} amounts have ${wants} (ISO 4217 minor units)`);
  }
  if (/^[0.]+$/.test(amount)) return formatError("must be greater than zero");
  return undefined;
}

/**
 * Whether an amount reported by the bank is a decimal string within precision 18 and scale 5.
 * Debits are negative; the currency's minor units are not enforced, since docs/interface/conventions.md#wire-conventions makes
 * them a rule for requests and a TPP must not fail a whole listing on one odd amount.
 *
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/conventions.md#wire-conventions, docs/interface/accounts.md#accounts-balances-transactions
 */
export function validateReportedAmount(amount: string): Violation | undefined {
  const match = REPORTED_AMOUNT.exec(amount);
  if (!match) return diagnoseSyntax(amount, false);
  const fraction = match[2] ?? "";
  const digits = (match[1] ?? "").length + fraction.length;
  if (digits > AMOUNT_PRECISION) return formatError(`has ${digits} digits; at most ${AMOUNT_PRECISION} are allowed`);
  if (fraction.length > AMOUNT_SCALE) {
    return formatError(`has ${fraction.length} fraction digits; at most ${AMOUNT_SCALE} are allowed`);
  }
  return undefined;
}

/** The most telling reason why a string is not an amount. */
function diagnoseSyntax(amount: string, isRequest: boolean): Violation {
  if (amount === "") return formatError('is empty; an amount is a decimal string such as "1250.00"');
  if (/\s/.test(amount)) return formatError("must not contain spaces");
  if (amount.includes(",")) {
    return formatError('must not contain ","; "." is the only decimal separator and there is no thousands separator');
  }
  if (/^[+-]?[0-9.]+[eE][+-]?[0-9]+$/.test(amount))
    return formatError('must not use exponent notation; write the digits out, e.g. "1250.00"');
  if (amount.startsWith("+")) return formatError('must not have a "+" sign');
  if (isRequest && REPORTED_AMOUNT.test(amount)) {
    return amount.startsWith("-")
      ? formatError("must be greater than zero; a payment amount cannot be negative")
      : formatError('must not have leading zeros, e.g. "7.00" rather than "007.00"');
  }
  return formatError('is not a decimal amount such as "1250.00"');
}
