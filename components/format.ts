/**
 * Formatting for the pages: amounts in Norwegian style (nb-NO: "1 234,50 kr"), dates as
 * "2 Mar 2026" (unambiguous in an English page; "Sep", never Intl's en-GB "Sept"), times in
 * Europe/Oslo, account numbers grouped.
 */

import { addDays } from "@/lib/psd2/time";
import { minorUnitsOf } from "@/lib/psd2/validation/currency-minor-units";
import { formatWallClock } from "@/lib/tpp/format-wall-clock";
import { ownValue } from "@/lib/psd2/lookup/own-value";

const OSLO = "Europe/Oslo";
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: OSLO });

export interface MoneyLike {
  readonly amount: string;
  readonly currency: string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, signed: boolean, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${signed}:${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    // Fraction digits set here, never left to Intl: its currency digits are CLDR's (HUF 0, IQD 0,
    // IDR 0), not ISO 4217's (HUF 2, IQD 3, IDR 2), and it rounds the amount to them (even ISK
    // "0.40", whose 0 digits both agree on, became "0 ISK").
    const digits = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
    const signDisplay = signed ? "exceptZero" : "auto";
    try {
      const currencyDisplay = currency === "NOK" ? "symbol" : "code";
      format = new Intl.NumberFormat("nb-NO", { style: "currency", currency, currencyDisplay, signDisplay, ...digits });
    } catch {
      // A code Intl does not take (not three letters): a plain number with the code after it.
      format = new Intl.NumberFormat("nb-NO", { signDisplay, ...digits });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

// A decimal string as the bank and the forms write it: an optional sign, digits, an optional fraction.
const DECIMAL_AMOUNT = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/;
// Intl.NumberFormat takes at most 100 fraction digits; the contract's scale is 5.
const MAX_FRACTION_DIGITS = 100;

/**
 * "1 234,50 kr", "−249,90 kr", "1 250,500 IQD"; `signed` also writes + on credits. The amount is
 * shown exactly as its decimal string says, with at least the currency's ISO 4217 minor units
 * ("1250.5" NOK as "1 250,50 kr", "1250" JPY as "1 250 JPY") and never fewer digits than the
 * string has, so nothing is rounded. Intl receives the decimal string itself, which it formats
 * as a decimal (no JavaScript number in between). Text that is not a decimal is shown as given,
 * with its currency.
 */
export function formatMoney(money: MoneyLike, options: { signed?: boolean } = {}): string {
  const match = DECIMAL_AMOUNT.exec(money.amount.trim());
  const fraction = match?.[3] ?? "";
  if (match === null || fraction.length > MAX_FRACTION_DIGITS) return `${money.amount} ${money.currency}`;
  const fractionDigits = Math.max(fraction.length, minorUnitsOf(money.currency) ?? 0);
  const format = moneyFormat(money.currency, options.signed === true, fractionDigits);
  const text = format.format(money.amount.trim() as Intl.StringNumericLiteral);
  return format.resolvedOptions().style === "currency" ? text : `${text} ${money.currency}`;
}

/** An axis label: whole units, "40 000 kr", "EUR 1 500". */
export function formatMoneyRounded(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat("nb-NO", {
      style: "currency",
      currency,
      currencyDisplay: currency === "NOK" ? "symbol" : "code",
      maximumFractionDigits: 0,
    }).format(Math.round(value));
  } catch {
    return `${new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 0 }).format(Math.round(value))} ${currency}`;
  }
}

/** Whether an amount is a debit (negative). */
export function isDebit(money: MoneyLike): boolean {
  return money.amount.trim().startsWith("-");
}

/** "2 Mar 2026" for a YYYY-MM-DD date; the text as given when it is not one. */
export function formatDate(date: string | undefined): string {
  if (date === undefined) return "–";
  const match = /^\d{4}-\d{2}-\d{2}$/.exec(date);
  if (match === null) return date;
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? date : formatWallClock(value, { timeZone: "UTC" });
}

/** "2 Mar 2026, 14:05:09 CET" in Norway's time. */
export function formatDateTime(instant: Date | string): string {
  const value = typeof instant === "string" ? new Date(instant) : instant;
  return Number.isNaN(value.getTime()) ? String(instant) : formatWallClock(value, { timeZone: OSLO, time: "seconds", zoneName: true });
}

/** "Sun 6 Dec 2026, 06:00" in Norway's time: a moment that may lie months back. */
export function formatWeekdayDateTime(instant: Date): string {
  return formatWallClock(instant, { timeZone: OSLO, weekday: true, time: "minutes" });
}

/** The day of an instant in Norway's time: "2 Sep 2026". */
export function formatDayOf(instant: Date): string {
  return formatWallClock(instant, { timeZone: OSLO });
}

/** "Wed 2 Mar, 06:00" in a time zone (Norway's unless given): a moment of the coming days. */
export function formatWeekdayTime(instant: Date, timeZone: string = OSLO): string {
  return formatWallClock(instant, { timeZone, weekday: true, year: false, time: "minutes" });
}

/** "14:05" in Norway's time. */
export function formatTime(instant: Date): string {
  return timeFormat.format(instant);
}

/** A Norwegian account number (11 digits) as 3800 15 74202; anything else as given. */
export function formatBban(bban: string | undefined): string {
  if (bban === undefined) return "–";
  return /^\d{11}$/.test(bban) ? `${bban.slice(0, 4)} ${bban.slice(4, 6)} ${bban.slice(6)}` : bban;
}

/** An IBAN in groups of four. */
export function formatIban(iban: string | undefined): string {
  if (iban === undefined) return "–";
  return iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** An account number as sent or kept: a Norwegian BBAN grouped, an IBAN in fours, anything else (a card reference) as it is. */
export function formatAccountNumber(account: string | undefined): string {
  if (account === undefined) return "–";
  if (/^\d{11}$/.test(account)) return formatBban(account);
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(account.replace(/\s+/g, "")) ? formatIban(account) : account;
}

/** A masked card number in groups of four: 5522 11** **** 4821. */
export function formatMaskedPan(maskedPan: string): string {
  return maskedPan.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** Plain words for the bank's balance types. */
export function balanceTypeLabel(type: string): string {
  const labels: Record<string, string> = {
    closingBooked: "Booked at end of day",
    expected: "Expected",
    interimAvailable: "Available",
    interimBooked: "Booked today",
    openingBooked: "Booked at start of day",
    forwardAvailable: "Available later",
  };
  return ownValue(labels, type) ?? type;
}

/** Plain words for an account's or card account's status at the bank (enabled, blocked, deleted). */
export function accountStatusLabel(status: string): string {
  const labels: Record<string, string> = { enabled: "Open", blocked: "Blocked", deleted: "Closed" };
  return ownValue(labels, status) ?? status;
}

/** A YYYY-MM-DD date moved by whole days (lib/psd2/time). */
export { addDays };
