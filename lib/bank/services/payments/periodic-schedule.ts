/**
 * The execution dates of a periodic payment: from startDate, by frequency, on dayOfExecution
 * (the day of the month, "31" the month's last day; for Weekly and EveryTwoWeeks the ISO weekday,
 * "1" Monday), in the months of monthsOfExecution for MonthlyVariable, until endDate. A date that
 * is not a Norwegian business day moves by executionRule: following (the default) to the next
 * business day, preceding to the one before (never before startDate); Daily runs on business
 * days only.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#lifecycle
 */
import {
  addDays,
  addMonths,
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  dateInMonth,
  dayOfWeek,
  isBusinessDay,
} from "../sandbox/calendar";
import type { PaymentSchedule } from "./payment-order";

const MONTH_STEPS = { Monthly: 1, EveryTwoMonths: 2, Quarterly: 3, SemiAnnual: 6, Annual: 12 } as const;
const WEEK_STEPS = { Weekly: 7, EveryTwoWeeks: 14 } as const;

/** The date's month as YYYY-MM. */
const monthOf = (date: string) => date.slice(0, 7);

/** ISO weekday 1 (Monday) to 7 (Sunday). */
const isoWeekday = (date: string) => ((dayOfWeek(date) + 6) % 7) + 1;

/**
 * Why a schedule cannot run, as a reason following the field's name, or undefined: what the
 * schema (lib/psd2) leaves to the bank, dayOfExecution against the frequency.
 */
export function checkScheduleDays(schedule: PaymentSchedule): { path: "dayOfExecution"; reason: string } | undefined {
  const day = schedule.dayOfExecution;
  if (day === undefined) return undefined;
  if (schedule.frequency === "Daily")
    return { path: "dayOfExecution", reason: "is not used with frequency Daily: a daily payment runs on every business day" };
  if ((schedule.frequency === "Weekly" || schedule.frequency === "EveryTwoWeeks") && Number(day) > 7) {
    return {
      path: "dayOfExecution",
      reason: `is ${day}; with frequency ${schedule.frequency} it is the weekday, "1" (Monday) to "7" (Sunday)`,
    };
  }
  return undefined;
}

/** The nominal date (before the business-day rule) of execution number `index` (0 is the first). */
function nominalDate(schedule: PaymentSchedule, index: number): string {
  const { startDate, frequency } = schedule;
  if (frequency === "Daily") {
    let date = businessDayOnOrAfter(startDate);
    for (let i = 0; i < index; i++) date = businessDayOnOrAfter(addDays(date, 1));
    return date;
  }
  if (frequency === "Weekly" || frequency === "EveryTwoWeeks") {
    const weekday = schedule.dayOfExecution === undefined ? isoWeekday(startDate) : Number(schedule.dayOfExecution);
    const first = addDays(startDate, (weekday - isoWeekday(startDate) + 7) % 7);
    return addDays(first, index * WEEK_STEPS[frequency]);
  }
  const day = schedule.dayOfExecution === undefined ? Number(startDate.slice(8, 10)) : Number(schedule.dayOfExecution);
  const startMonth = `${monthOf(startDate)}-01`;
  const firstMonth = dateInMonth(monthOf(startDate), day) >= startDate ? startMonth : addMonths(startMonth, 1);
  if (frequency === "MonthlyVariable") {
    const months = new Set((schedule.monthsOfExecution ?? []).map(Number));
    let month = firstMonth;
    let found = -1;
    // At most 12 months pass between two executions: the loop ends.
    for (;;) {
      if (months.has(Number(month.slice(5, 7)))) found++;
      if (found === index) return dateInMonth(monthOf(month), day);
      month = addMonths(month, 1);
    }
  }
  return dateInMonth(monthOf(addMonths(firstMonth, index * MONTH_STEPS[frequency])), day);
}

/**
 * The date of execution number `index` (0 is the first) after the business-day rule, or undefined
 * when its nominal date is after endDate (the payment has run its course).
 */
export function executionDateOf(schedule: PaymentSchedule, index: number): string | undefined {
  const nominal = nominalDate(schedule, index);
  if (schedule.endDate !== undefined && nominal > schedule.endDate) return undefined;
  if (isBusinessDay(nominal)) return nominal;
  if (schedule.executionRule === "preceding") {
    const before = businessDayOnOrBefore(nominal);
    if (before >= schedule.startDate) return before;
  }
  return businessDayOnOrAfter(nominal);
}
