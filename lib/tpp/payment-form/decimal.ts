// Exact sums of decimal amounts: amounts are decimal strings, and a float would turn
// 0.10 + 0.20 into 0.30000000000000004.
import { isCurrencyCode, minorUnitsOf, validateAmount } from "../../psd2/validation";

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;

function toScaled(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value);
  if (match === null) throw new RangeError(`not a non-negative decimal string: ${JSON.stringify(value)}`);
  const fraction = (match[2] ?? "").padEnd(scale, "0");
  return BigInt(`${match[1]}${fraction}`);
}

function scaleOf(value: string): number {
  return DECIMAL.exec(value)?.[2]?.length ?? 0;
}

function fromScaled(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, "0");
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * The exact sum of non-negative decimal strings ("1250.50" + "0.25" = "1250.75"), with as many
 * fraction digits as the longest of them, or `scale` when given and larger. Throws a RangeError on
 * anything else than digits with an optional "." and fraction.
 */
export function addDecimalStrings(values: readonly string[], scale = 0): string {
  const digits = Math.max(scale, ...values.map(scaleOf));
  return fromScaled(
    values.reduce((sum, value) => sum + toScaled(value, digits), BigInt(0)),
    digits,
  );
}

/** A sum per currency, in the order the currencies first appear. */
export interface CurrencyTotal {
  readonly currency: string;
  readonly amount: string;
  /** How many amounts it adds up. */
  readonly count: number;
}

/**
 * The totals of a bulk's amounts per currency, exactly. An amount that is not valid for its
 * currency (lib/psd2's validateAmount) is not added: it is counted in `skipped`.
 */
export function sumAmountsByCurrency(amounts: readonly { readonly amount: string | undefined; readonly currency: string | undefined }[]): {
  totals: CurrencyTotal[];
  skipped: number;
} {
  const byCurrency = new Map<string, string[]>();
  let skipped = 0;
  for (const { amount, currency } of amounts) {
    if (amount === undefined || currency === undefined || !isCurrencyCode(currency) || validateAmount(amount, currency) !== undefined) {
      skipped += 1;
      continue;
    }
    const list = byCurrency.get(currency) ?? [];
    list.push(amount);
    byCurrency.set(currency, list);
  }
  const totals = [...byCurrency].map(([currency, list]) => ({
    currency,
    amount: addDecimalStrings(list, minorUnitsOf(currency) ?? 0),
    count: list.length,
  }));
  return { totals, skipped };
}
