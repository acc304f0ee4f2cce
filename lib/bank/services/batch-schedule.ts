/**
 * When the sandbox's payment batch processing runs: five times a day at fixed wall-clock times in
 * Europe/Oslo. The instants are found with Intl (the bank needs no time-zone library), so that a
 * run at 06:00 Oslo is 05:00 UTC in winter and 04:00 UTC in summer.
 *
 * @see supplement.md §5
 */
import { instantOfWallClock } from "../../psd2/time";
import { osloDateOf } from "./sandbox-clock";

/** The batch run times, Europe/Oslo. @see supplement.md §5 */
export const BATCH_RUN_TIMES = ["06:00", "09:00", "12:00", "15:00", "19:00"] as const;
export const BATCH_TIME_ZONE = "Europe/Oslo";

const RUN_MINUTES = BATCH_RUN_TIMES.map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC instant of a wall-clock time (minutes after midnight) on a date (YYYY-MM-DD) in Europe/Oslo. */
export function osloInstantOf(date: string, minutesAfterMidnight: number): Date {
  const [year, month, day] = date.split("-").map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 0, minutesAfterMidnight);
  // Exact for every time outside the spring-forward hour (02:00-03:00), where no batch run lies.
  return new Date(instantOfWallClock(wall, BATCH_TIME_ZONE));
}

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The runs of one Oslo date. */
function runsOn(date: string): Date[] {
  return RUN_MINUTES.map((minutes) => osloInstantOf(date, minutes));
}

/**
 * The scheduled batch run instants after `after` and up to `until` (after < t <= until), in order.
 *
 * @see supplement.md §5
 */
export function listScheduledBatchRuns(after: Date, until: Date): Date[] {
  if (until.getTime() <= after.getTime()) return [];
  const last = osloDateOf(until);
  const runs: Date[] = [];
  for (let date = osloDateOf(after); date <= last; date = addDays(date, 1)) {
    for (const runAt of runsOn(date)) {
      if (runAt.getTime() > after.getTime() && runAt.getTime() <= until.getTime()) runs.push(runAt);
    }
  }
  return runs;
}

/** How many scheduled runs lie in (after, until], without listing them (a long jump of the clock). */
export function countScheduledBatchRuns(after: Date, until: Date): number {
  if (until.getTime() <= after.getTime()) return 0;
  const first = osloDateOf(after);
  const last = osloDateOf(until);
  if (first === last) return listScheduledBatchRuns(after, until).length;
  // Every whole date in between has all five runs.
  const whole = Math.max(0, daysBetween(first, last) - 1) * RUN_MINUTES.length;
  const onFirst = runsOn(first).filter((runAt) => runAt.getTime() > after.getTime()).length;
  const onLast = runsOn(last).filter((runAt) => runAt.getTime() <= until.getTime()).length;
  return onFirst + whole + onLast;
}

/** The first scheduled run after an instant. @see supplement.md §5 */
export function nextScheduledBatchRun(after: Date): Date {
  for (let date = osloDateOf(after); ; date = addDays(date, 1)) {
    const next = runsOn(date).find((runAt) => runAt.getTime() > after.getTime());
    if (next) return next;
  }
}
