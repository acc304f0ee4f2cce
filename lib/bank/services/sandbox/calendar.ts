/**
 * Calendar dates (YYYY-MM-DD) for the sandbox dataset, with Norway's bank holidays: salaries and
 * bills move to the nearest earlier or later business day as Norwegian banks move them.
 */
import { addDays, isoWeekday, type IsoDate } from "../../../psd2/time";

// The date arithmetic is lib/psd2/time's (Temporal's PlainDate); the holidays are the bank's.
export { addDays, addMonths, dateInMonth } from "../../../psd2/time";

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return isoWeekday(date) % 7;
}

/** Easter Sunday of a year (the anonymous Gregorian algorithm). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** Norway's public holidays of a year, on which banks do not settle. */
function norwegianHolidays(year: number): ReadonlySet<string> {
  let holidays = holidayCache.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    holidays = new Set([
      `${year}-01-01`,
      addDays(easter, -3), // Maundy Thursday
      addDays(easter, -2), // Good Friday
      addDays(easter, 1), // Easter Monday
      `${year}-05-01`,
      `${year}-05-17`,
      addDays(easter, 39), // Ascension Day
      addDays(easter, 50), // Whit Monday
      `${year}-12-24`, // banks are closed on Christmas Eve
      `${year}-12-25`,
      `${year}-12-26`,
      `${year}-12-31`, // and on New Year's Eve
    ]);
    holidayCache.set(year, holidays);
  }
  return holidays;
}

/** Whether Norwegian banks settle on a date: a weekday that is no holiday. */
export function isBusinessDay(date: string): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return false;
  return !norwegianHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when a business day, else the nearest earlier business day (salary practice). */
export function businessDayOnOrBefore(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** The date itself when a business day, else the next business day (booking of weekend card purchases, due dates). */
export function businessDayOnOrAfter(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}
