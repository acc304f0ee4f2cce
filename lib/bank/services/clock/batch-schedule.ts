/**
 * When the sandbox's payment batch processing runs: five times a day at fixed wall-clock times in
 * Europe/Oslo. The instants come from Temporal's ZonedDateTime (lib/psd2/time), so that a run at
 * 06:00 Oslo is 05:00 UTC in winter and 04:00 UTC in summer, and each of the five is there once
 * on the days the clocks change.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
import { addDays, BANK_TIME_ZONE, dateInZone, daysBetween, instantAt, type IsoDate } from "../../../psd2/time";

/** The batch run times, Europe/Oslo. @see docs/interface/payments.md#payments-in-the-sandbox */
export const BATCH_RUN_TIMES = ["06:00", "09:00", "12:00", "15:00", "19:00"] as const;
export const BATCH_TIME_ZONE = BANK_TIME_ZONE;

/** The instant of a wall-clock time (minutes after midnight) on a date (YYYY-MM-DD) in Europe/Oslo. */
export function osloInstantOf(date: IsoDate, minutesAfterMidnight: number): Date {
  if (!Number.isInteger(minutesAfterMidnight) || minutesAfterMidnight < 0 || minutesAfterMidnight >= 24 * 60) {
    throw new RangeError(`minutesAfterMidnight must be a whole number from 0 to 1439, got ${minutesAfterMidnight}`);
  }
  const time = `${String(Math.floor(minutesAfterMidnight / 60)).padStart(2, "0")}:${String(minutesAfterMidnight % 60).padStart(2, "0")}`;
  return instantAt(date, time, BATCH_TIME_ZONE);
}

// A long jump of the clock lists years of dates: each date's instants are worked out once.
const runsByDate = new Map<IsoDate, readonly number[]>();

/** The runs of one Oslo date, in order. */
export function batchRunsOn(date: IsoDate): Date[] {
  let runs = runsByDate.get(date);
  if (runs === undefined) {
    runs = BATCH_RUN_TIMES.map((time) => instantAt(date, time, BATCH_TIME_ZONE).getTime());
    if (runsByDate.size >= 10_000) runsByDate.clear();
    runsByDate.set(date, runs);
  }
  return runs.map((runAt) => new Date(runAt));
}

/**
 * The scheduled batch run instants after `after` and up to `until` (after < t <= until), in order.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function listScheduledBatchRuns(after: Date, until: Date): Date[] {
  if (until.getTime() <= after.getTime()) return [];
  const last = dateInZone(until, BATCH_TIME_ZONE);
  const runs: Date[] = [];
  for (let date = dateInZone(after, BATCH_TIME_ZONE); date <= last; date = addDays(date, 1)) {
    for (const runAt of batchRunsOn(date)) {
      if (runAt.getTime() > after.getTime() && runAt.getTime() <= until.getTime()) runs.push(runAt);
    }
  }
  return runs;
}

/** How many scheduled runs lie in (after, until], without listing them (a long jump of the clock). */
export function countScheduledBatchRuns(after: Date, until: Date): number {
  if (until.getTime() <= after.getTime()) return 0;
  const first = dateInZone(after, BATCH_TIME_ZONE);
  const last = dateInZone(until, BATCH_TIME_ZONE);
  if (first === last) return listScheduledBatchRuns(after, until).length;
  // Every whole date in between has all five runs.
  const whole = Math.max(0, daysBetween(first, last) - 1) * BATCH_RUN_TIMES.length;
  const onFirst = batchRunsOn(first).filter((runAt) => runAt.getTime() > after.getTime()).length;
  const onLast = batchRunsOn(last).filter((runAt) => runAt.getTime() <= until.getTime()).length;
  return onFirst + whole + onLast;
}

/** The first scheduled run after an instant. @see docs/interface/payments.md#payments-in-the-sandbox */
export function nextScheduledBatchRun(after: Date): Date {
  for (let date = dateInZone(after, BATCH_TIME_ZONE); ; date = addDays(date, 1)) {
    const next = batchRunsOn(date).find((runAt) => runAt.getTime() > after.getTime());
    if (next) return next;
  }
}
