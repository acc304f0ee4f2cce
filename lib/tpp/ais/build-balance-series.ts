import { addDays } from "../../psd2/time";
import { isValidIsoDate } from "../../psd2/validation";
import { TppError } from "../errors";
import type { Money } from "./ais-types";

/** The balance at the end of one day. */
export interface BalancePoint {
  /** YYYY-MM-DD */
  readonly date: string;
  /** A decimal string in the account's currency, as the bank writes amounts. */
  readonly amount: string;
}

export interface BalanceSeries {
  readonly currency: string;
  /** One point per day from `from` to `to`, oldest first. */
  readonly points: readonly BalancePoint[];
}

/** Minor units are enough for every ISO 4217 currency the spec lists (at most 3 fraction digits). */
const SCALE = 1000n;

function toMinor(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(amount);
  if (match === null) throw new TppError("ASPSP_RESPONSE_INVALID", `'${amount}' is not an amount`);
  const [, sign, whole = "0", fraction = ""] = match;
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(3, "0"));
  return sign === "-" ? -value : value;
}

function fromMinor(value: bigint, fractionDigits: number): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = absolute / SCALE;
  const fraction = (absolute % SCALE).toString().padStart(3, "0").slice(0, fractionDigits);
  return `${negative ? "-" : ""}${whole}${fractionDigits > 0 ? `.${fraction}` : ""}`;
}

/**
 * The end-of-day balance of every day from `from` to `to`, worked back from a known balance
 * (e.g. closingBooked at its referenceDate) through the booked transactions: the balance at the
 * end of day D is the anchor minus the bookings after D up to the anchor's day (plus those after
 * the anchor's day up to D, for days after it). Exact: amounts are added as integers of minor units.
 * Transactions without a bookingDate (pending) are left out.
 * @see docs/interface/accounts.md#balances (balances, transactions)
 */
export function buildBalanceSeries(input: {
  readonly anchor: Money;
  /** The day the anchor balance holds at the end of. */
  readonly anchorDate: string;
  readonly transactions: readonly { readonly bookingDate: string | undefined; readonly amount: Money }[];
  readonly from: string;
  readonly to: string;
}): BalanceSeries {
  const { anchor, anchorDate, from, to } = input;
  for (const [name, value] of [
    ["anchorDate", anchorDate],
    ["from", from],
    ["to", to],
  ] as const) {
    if (!isValidIsoDate(value)) throw new TppError("INPUT_INVALID", `${name} must be a date YYYY-MM-DD, not '${value}'`);
  }
  if (from > to) throw new TppError("INPUT_INVALID", `from (${from}) is after to (${to})`);
  const fractionDigits = anchor.amount.includes(".") ? (anchor.amount.split(".")[1] ?? "").length : 0;
  const byDay = new Map<string, bigint>();
  for (const transaction of input.transactions) {
    if (transaction.bookingDate === undefined) continue;
    if (transaction.amount.currency !== anchor.currency) continue;
    byDay.set(transaction.bookingDate, (byDay.get(transaction.bookingDate) ?? 0n) + toMinor(transaction.amount.amount));
  }
  // The balance at the end of `from`: from the anchor, undo the bookings after `from` up to the
  // anchor's day, or add those after the anchor's day up to `from`.
  let balance = toMinor(anchor.amount);
  for (const [day, sum] of byDay) {
    if (day > from && day <= anchorDate) balance -= sum;
    if (day > anchorDate && day <= from) balance += sum;
  }
  const points: BalancePoint[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (day !== from) balance += byDay.get(day) ?? 0n;
    points.push({ date: day, amount: fromMinor(balance, fractionDigits) });
  }
  return { currency: anchor.currency, points };
}
