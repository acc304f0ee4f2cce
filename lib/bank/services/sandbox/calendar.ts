/**
 * Calendar dates (YYYY-MM-DD) for the sandbox dataset, with Norway's bank holidays: salaries and
 * bills move to the nearest earlier or later business day as Norwegian banks move them.
 */

const MS_PER_DAY = 86_400_000;

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// Date arithmetic runs some hundred thousand times per dataset: its results are memoised.
const addDaysCache = new Map<string, string>();

export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let result = addDaysCache.get(key);
  if (result === undefined) {
    result = fromUtc(new Date(toUtc(date).getTime() + days * MS_PER_DAY));
    if (addDaysCache.size > 100_000) addDaysCache.clear();
    addDaysCache.set(key, result);
  }
  return result;
}

/** The same day of the month `months` later (or earlier), clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))));
}

/** The date of a day in a month; the day is clamped to the month's last day. */
export function dateInMonth(yearMonth: string, day: number): string {
  const [year = 0, month = 1] = yearMonth.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(year, month - 1, Math.min(day, lastDay))));
}

/** Days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / MS_PER_DAY);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return toUtc(date).getUTCDay();
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
  return fromUtc(new Date(Date.UTC(year, month - 1, day)));
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
