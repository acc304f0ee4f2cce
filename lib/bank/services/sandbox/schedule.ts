import { addMonths, businessDayOnOrAfter, businessDayOnOrBefore, dateInMonth } from "./calendar";

export type DayRule = "on-or-before" | "on-or-after";

// Memoised: a dataset asks the same few hundred (month, day, rule) questions thousands of times.
const movedCache = new Map<string, string>();
const neighbourCache = new Map<string, readonly string[]>();

/** The date of a monthly event in a month, moved to a business day by the rule. */
function movedDate(month: string, dayOfMonth: number, rule: DayRule): string {
  const key = `${month}|${dayOfMonth}|${rule}`;
  let moved = movedCache.get(key);
  if (moved === undefined) {
    const nominal = dateInMonth(month, dayOfMonth);
    moved = rule === "on-or-before" ? businessDayOnOrBefore(nominal) : businessDayOnOrAfter(nominal);
    movedCache.set(key, moved);
  }
  return moved;
}

/** The month before, the month itself and the month after (YYYY-MM). */
function neighbourMonths(month: string): readonly string[] {
  let months = neighbourCache.get(month);
  if (months === undefined) {
    const first = `${month}-01`;
    months = [-1, 0, 1].map((offset) => addMonths(first, offset).slice(0, 7));
    neighbourCache.set(month, months);
  }
  return months;
}

/**
 * The nominal month (YYYY-MM) of a monthly event on a day of the month, moved to a business day
 * by the rule, that falls on this date; undefined when none does. The months around the date
 * are looked at too: the 30th moved forward may land in the next month, and the 1st moved back
 * in the previous one.
 */
export function occurrenceMonth(date: string, dayOfMonth: number, rule: DayRule, months?: readonly number[]): string | undefined {
  for (const month of neighbourMonths(date.slice(0, 7))) {
    if (months && !months.includes(Number(month.slice(5, 7)))) continue;
    if (movedDate(month, dayOfMonth, rule) === date) return month;
  }
  return undefined;
}

/** Whether a monthly event (see occurrenceMonth) falls on this date. */
export function occursOn(date: string, dayOfMonth: number, rule: DayRule, months?: readonly number[]): boolean {
  return occurrenceMonth(date, dayOfMonth, rule, months) !== undefined;
}
