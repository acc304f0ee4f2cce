/**
 * Currency conversion in the sandbox: fixed rates, so that tests and demos give the same
 * amounts every time. A payment in another currency than its account's is debited (and a
 * sandbox creditor credited) in the account's currency at these rates, rounded half up to the
 * account currency's minor units. Exact: BigInt on decimal strings, never floats.
 */
import { fractionDigitsOf, fromMinorUnits, STORAGE_SCALE, toMinorUnits } from "../../repositories/money";

/** NOK per unit of each currency the sandbox converts. */
export const SANDBOX_EXCHANGE_RATES = {
  NOK: "1",
  EUR: "11.50",
  SEK: "0.98",
  DKK: "1.54",
  USD: "10.80",
  GBP: "13.60",
} as const satisfies Record<string, string>;

export type ConvertibleCurrency = keyof typeof SANDBOX_EXCHANGE_RATES;

/** Whether the sandbox has a rate for a currency. */
export function isConvertibleCurrency(currency: string): currency is ConvertibleCurrency {
  return Object.hasOwn(SANDBOX_EXCHANGE_RATES, currency);
}

/** Half up, for a non-negative numerator. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * An amount (decimal string, at least zero) in another currency, at the sandbox's rates,
 * rounded half up to the target currency's minor units.
 */
export function convertAmount(amount: string, from: ConvertibleCurrency, to: ConvertibleCurrency): string {
  const digits = BigInt(fractionDigitsOf(to));
  const scale = 10n ** BigInt(STORAGE_SCALE);
  const value = toMinorUnits(amount, STORAGE_SCALE);
  const rateFrom = toMinorUnits(SANDBOX_EXCHANGE_RATES[from], STORAGE_SCALE);
  const rateTo = toMinorUnits(SANDBOX_EXCHANGE_RATES[to], STORAGE_SCALE);
  // (value / 10^5) × (rateFrom / 10^5) / (rateTo / 10^5), in units of 10^-digits.
  const units = divideRoundingHalfUp(value * rateFrom * 10n ** digits, rateTo * scale);
  return fromMinorUnits(units, Number(digits));
}
