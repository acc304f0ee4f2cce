/**
 * Formatting for the pages: amounts in Norwegian style (nb-NO: "1 234,50 kr"), dates as
 * "2 Mar 2026" (unambiguous in an English page; "Sep", never Intl's en-GB "Sept"), times in
 * Europe/Oslo, account numbers grouped.
 */

import { addDays, dateInZone } from "@/lib/psd2/time";
import { formatWallClock } from "@/lib/tpp/format-wall-clock";

const OSLO = "Europe/Oslo";
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: OSLO });

export interface MoneyLike {
  readonly amount: string;
  readonly currency: string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, signed: boolean): Intl.NumberFormat {
  const key = `${currency}:${signed}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat("nb-NO", {
        style: "currency",
        currency,
        currencyDisplay: currency === "NOK" ? "symbol" : "code",
        signDisplay: signed ? "exceptZero" : "auto",
      });
    } catch {
      // A code Intl does not know: a plain number with the code after it.
      format = new Intl.NumberFormat("nb-NO", { minimumFractionDigits: 2, signDisplay: signed ? "exceptZero" : "auto" });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** "1 234,50 kr", "−249,90 kr", "EUR 49,90"; `signed` also writes + on credits. The decimal string is formatted exactly. */
export function formatMoney(money: MoneyLike, options: { signed?: boolean } = {}): string {
  const format = moneyFormat(money.currency, options.signed === true);
  const value = money.amount as Intl.StringNumericLiteral;
  const text = format.format(value);
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
  return labels[type] ?? type;
}

/** Plain words for an account's or card account's status at the bank (enabled, blocked, deleted). */
export function accountStatusLabel(status: string): string {
  const labels: Record<string, string> = { enabled: "Open", blocked: "Blocked", deleted: "Closed" };
  return labels[status] ?? status;
}

/** The date (YYYY-MM-DD) in Norway at an instant. */
export function isoDateInOslo(instant: Date): string {
  return dateInZone(instant, OSLO);
}

/** A YYYY-MM-DD date moved by whole days (lib/psd2/time). */
export { addDays };
