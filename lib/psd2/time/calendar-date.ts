/**
 * Calendar dates (ISO 8601 `YYYY-MM-DD`, the interface's ISODate) and their arithmetic in whole
 * days and months, through Temporal's PlainDate: no time zone, no daylight saving time, no
 * milliseconds per day. Pure; runs in the browser too.
 *
 * @see docs/interface/README.md#date-formats: dates are YYYY-MM-DD
 */
import { Temporal } from "temporal-polyfill";
import { isValidIsoDate } from "../validation/validate-iso-date";

/** An ISO 8601 calendar date, `YYYY-MM-DD` (the interface's ISODate). */
export type IsoDate = string;

/**
 * The PlainDate of an ISO date; a RangeError naming the value when it is not a `YYYY-MM-DD` date
 * of the calendar (2026-02-30, 2026-13-01, 26-01-01, 2026-01-01T00:00).
 */
export function toPlainDate(date: IsoDate): Temporal.PlainDate {
  if (!isValidIsoDate(date)) {
    const form = /^\d{4}-\d{2}-\d{2}$/.test(date) && !date.startsWith("0000") ? ": no such day" : "";
    throw new RangeError(`'${date}' is not a YYYY-MM-DD calendar date${form}`);
  }
  return Temporal.PlainDate.from(date, { overflow: "reject" });
}

/** Whether a string is a `YYYY-MM-DD` date that exists (2028-02-29 does, 2026-02-29 not; years 0001 to 9999). */
export const isIsoDate: (value: string) => boolean = isValidIsoDate;

/** A PlainDate as `YYYY-MM-DD` (years 0001 to 9999). */
export function fromPlainDate(date: Temporal.PlainDate): IsoDate {
  if (date.year < 1 || date.year > 9999) throw new RangeError(`the year ${date.year} has no YYYY-MM-DD date`);
  return date.toString();
}

// Date arithmetic runs some hundred thousand times when the sandbox's history is made: memoised.
const addDaysCache = new Map<string, IsoDate>();

/** The date `days` later (earlier when negative): addDays("2026-02-28", 1) is "2026-03-01". */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  const key = `${date}|${days}`;
  let result = addDaysCache.get(key);
  if (result === undefined) {
    result = fromPlainDate(toPlainDate(date).add({ days }));
    if (addDaysCache.size >= 100_000) addDaysCache.clear();
    addDaysCache.set(key, result);
  }
  return result;
}

/**
 * The same day of the month `months` later (earlier when negative), on the month's last day
 * where it has no such day: addMonths("2026-01-31", 1) is "2026-02-28".
 */
const addMonthsCache = new Map<string, IsoDate>();

export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`months must be a whole number, got ${months}`);
  const key = `${date}|${months}`;
  let result = addMonthsCache.get(key);
  if (result === undefined) {
    result = fromPlainDate(toPlainDate(date).add({ months }, { overflow: "constrain" }));
    if (addMonthsCache.size >= 100_000) addMonthsCache.clear();
    addMonthsCache.set(key, result);
  }
  return result;
}

/** The whole days from `from` to `to` (negative when `to` is earlier): daysBetween("2026-03-28", "2026-03-30") is 2. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toPlainDate(from).until(toPlainDate(to), { largestUnit: "days" }).days;
}

const weekdayCache = new Map<IsoDate, number>();

/** The ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: IsoDate): number {
  let weekday = weekdayCache.get(date);
  if (weekday === undefined) {
    weekday = toPlainDate(date).dayOfWeek;
    if (weekdayCache.size >= 100_000) weekdayCache.clear();
    weekdayCache.set(date, weekday);
  }
  return weekday;
}

/** Whether a date falls on Saturday or Sunday. */
export function isWeekend(date: IsoDate): boolean {
  return isoWeekday(date) >= 6;
}

/**
 * A day of a month (`YYYY-MM`), on the month's last day where it has no such day:
 * dateInMonth("2026-02", 31) is "2026-02-28".
 */
export function dateInMonth(yearMonth: string, day: number): IsoDate {
  if (!/^\d{4}-\d{2}$/.test(yearMonth)) throw new RangeError(`'${yearMonth}' is not a YYYY-MM month`);
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`day must be a whole number from 1, got ${day}`);
  const month = Temporal.PlainYearMonth.from(yearMonth, { overflow: "reject" });
  return fromPlainDate(month.toPlainDate({ day: Math.min(day, month.daysInMonth) }));
}

/** The same day a year later; 29 February becomes 28 February. */
export function addYears(date: IsoDate, years: number): IsoDate {
  if (!Number.isInteger(years)) throw new RangeError(`years must be a whole number, got ${years}`);
  return fromPlainDate(toPlainDate(date).add({ years }, { overflow: "constrain" }));
}
