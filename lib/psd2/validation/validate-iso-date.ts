import { formatError, type Violation } from "./violation";

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
// Seconds and their fraction are optional (ISO 8601 allows hh:mm); the offset is Z or +hh:mm,
// -hh:mm, or the basic +hhmm that some banks send.
const DATE_TIME = /^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,9})?)?(?:Z|[+-]([0-9]{2}):?([0-9]{2}))$/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whether a string is an ISO 8601 calendar date `YYYY-MM-DD` that exists (2024-02-29 does,
 * 2025-02-29 not). Years run from 0001: year 0000 is ISO 8601's 1 BC (by agreement only), which
 * the Gregorian calendar of databases and banks does not have.
 *
 * @see docs/interface/README.md#date-formats
 */
export function isValidIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether a date field holds an existing `YYYY-MM-DD` date (years 0001 to 9999). @see docs/interface/README.md#date-formats */
export function validateIsoDate(value: string): Violation | undefined {
  if (!DATE.test(value)) return formatError("must be a date in the form YYYY-MM-DD");
  if (value.startsWith("0000")) return formatError(`is not a calendar date: the years begin with 0001, so ${value} does not exist`);
  if (!isValidIsoDate(value)) return formatError(`is not a calendar date: ${value} does not exist`);
  return undefined;
}

/** Whether a string is an ISO 8601 date-time with an offset (`2025-03-01T12:30:00+01:00`, `...Z`). @see docs/interface/README.md#date-formats */
export function isValidIsoDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match || !isValidIsoDate(match[1] ?? "")) return false;
  const below = (part: string | undefined, limit: number) => part === undefined || Number(part) < limit;
  return below(match[2], 24) && below(match[3], 60) && below(match[4], 60) && below(match[5], 24) && below(match[6], 60);
}

/** Whether a date-time field holds an ISO 8601 date-time with an offset. @see docs/interface/README.md#date-formats */
export function validateIsoDateTime(value: string): Violation | undefined {
  return isValidIsoDateTime(value)
    ? undefined
    : formatError("must be an ISO 8601 date-time with an offset, e.g. 2025-03-01T12:30:00+01:00");
}

/**
 * The same day one year later, as `YYYY-MM-DD`; 29 February becomes 28 February (the latest
 * requested execution date). The argument must be a valid date.
 *
 * @see docs/interface/errors.md#statuses-by-code (EXECUTION_DATE_INVALID)
 */
export function addOneYear(date: string): string {
  const year = String(Number(date.slice(0, 4)) + 1).padStart(4, "0");
  const monthDay = date.slice(5);
  return monthDay === "02-29" ? `${year}-02-28` : `${year}-${monthDay}`;
}
