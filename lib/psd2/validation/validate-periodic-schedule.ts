import { validateItemCount } from "./validate-item-count";
import { isValidIsoDate } from "./validate-iso-date";
import { validateUniqueItems } from "./validate-unique-items";
import type { FieldViolation } from "./violation";

/** @see docs/interface/endpoints.md#success-statuses */
export const FREQUENCY_CODES = [
  "Daily",
  "Weekly",
  "EveryTwoWeeks",
  "Monthly",
  "EveryTwoMonths",
  "Quarterly",
  "SemiAnnual",
  "Annual",
  "MonthlyVariable",
] as const;
export type FrequencyCode = (typeof FREQUENCY_CODES)[number];

/** @see docs/interface/endpoints.md#success-statuses */
export const EXECUTION_RULES = ["following", "preceding"] as const;

/** "1" to "31", without leading zeros (Berlin Group's enumeration; "31" is the month's last day). @see docs/interface/endpoints.md#success-statuses */
export const DAYS_OF_EXECUTION = Array.from({ length: 31 }, (_, index) => String(index + 1));

/** "1" to "12", without leading zeros, as Berlin Group writes months of execution. @see docs/interface/endpoints.md#success-statuses */
export const MONTHS_OF_EXECUTION = Array.from({ length: 12 }, (_, index) => String(index + 1));

/** Berlin Group: at most 11 months (all 12 would be Monthly). */
const MONTHS_LIMIT = { min: 1, max: 11 } as const;

/** The schedule fields of a periodic payment, each already of the right type. */
export interface PeriodicSchedule {
  readonly startDate: string;
  readonly endDate?: string | undefined;
  readonly frequency: string;
  readonly monthsOfExecution?: readonly string[] | undefined;
}

/**
 * The rules between a periodic payment's schedule fields: endDate not before startDate;
 * monthsOfExecution present exactly when frequency is MonthlyVariable (Berlin Group), with 1 to
 * 11 months and no month twice (a duplicate is a FORMAT_ERROR, release 1.18.1).
 *
 * @see docs/interface/endpoints.md#success-statuses; docs/interface/versioning.md#versioning (1.18.1)
 */
export function validatePeriodicSchedule(schedule: PeriodicSchedule): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const { startDate, endDate, frequency, monthsOfExecution } = schedule;
  if (endDate !== undefined && isValidIsoDate(startDate) && isValidIsoDate(endDate) && endDate < startDate) {
    violations.push({ code: "FORMAT_ERROR", path: ["endDate"], reason: `is ${endDate}, before startDate ${startDate}` });
  }
  if (frequency === "MonthlyVariable") {
    if (monthsOfExecution === undefined) {
      violations.push({ code: "FORMAT_ERROR", path: ["monthsOfExecution"], reason: "is required when frequency is MonthlyVariable" });
    } else {
      const count = validateItemCount(monthsOfExecution, MONTHS_LIMIT, "month");
      if (count) violations.push({ ...count, path: ["monthsOfExecution"] });
      for (const duplicate of validateUniqueItems(monthsOfExecution, "month")) {
        violations.push({ ...duplicate, path: ["monthsOfExecution", ...duplicate.path] });
      }
    }
  } else if (monthsOfExecution !== undefined) {
    violations.push({
      code: "FORMAT_ERROR",
      path: ["monthsOfExecution"],
      reason: `is allowed only when frequency is MonthlyVariable, not ${frequency}`,
    });
  }
  return violations;
}
