import { addOneYear, isValidIsoDate } from "./validate-iso-date";
import type { Violation } from "./violation";

/**
 * Whether a requested execution date (or a periodic payment's startDate) lies between today and
 * one year ahead, both included. `today` is the bank's date in Europe/Oslo, `YYYY-MM-DD`, given by
 * the caller (this code reads no clock). One year ahead of 29 February is 28 February.
 * Both arguments must be valid dates (check the field with validateIsoDate first); a wrong
 * `today` is a programming error and throws a RangeError.
 *
 * @see docs/interface/errors.md#error-codes (EXECUTION_DATE_INVALID); docs/interface/errors.md#statuses-by-code
 */
export function validateExecutionDate(date: string, today: string): Violation | undefined {
  if (!isValidIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got ${JSON.stringify(today)}`);
  if (!isValidIsoDate(date)) throw new RangeError(`the execution date must be a valid date, got ${JSON.stringify(date)}`);
  // YYYY-MM-DD strings order as the dates do.
  if (date < today) return { code: "EXECUTION_DATE_INVALID", reason: `is ${date}, which is in the past (today is ${today})` };
  const latest = addOneYear(today);
  if (date > latest) {
    return { code: "EXECUTION_DATE_INVALID", reason: `is ${date}, more than one year ahead (the latest allowed date is ${latest})` };
  }
  return undefined;
}
