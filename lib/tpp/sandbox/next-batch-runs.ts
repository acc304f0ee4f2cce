/**
 * The sandbox's next payment batch runs, from the batch schedule of GET /v1/sandbox/clock
 * (`timeZone` and the wall-clock `times` of a day, `nextScheduledRun`). Wall-clock times become
 * instants through Temporal's time-zone data (lib/psd2/time), so a run at 06:00 Oslo is 05:00
 * UTC in winter and 04:00 UTC in summer: no daylight saving rule is written here. Pure.
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
import { addDays, dateInZone, instantAt } from "../../psd2/time";

/** The part of the clock's batchSchedule the runs are computed from. */
export interface BatchScheduleLike {
  readonly timeZone: string;
  /** "HH:MM" wall-clock times of each day, e.g. 06:00, 09:00, 12:00, 15:00, 19:00. */
  readonly times: readonly string[];
  /** The bank's next scheduled run (ISO 8601), where the list starts. */
  readonly nextScheduledRun?: string;
}

/**
 * The next `count` batch runs (instants, in order) strictly after `now`, or from the bank's
 * `nextScheduledRun` on when it is given: the schedule's times on the zone's dates from today on.
 */
export function listNextBatchRuns(schedule: BatchScheduleLike, now: Date, count = 5): Date[] {
  const times = schedule.times.filter((time) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time));
  if (times.length === 0 || count <= 0) return [];
  const next = schedule.nextScheduledRun === undefined ? Number.NaN : Date.parse(schedule.nextScheduledRun);
  // Runs at or after `from` are listed.
  const from = Number.isNaN(next) ? now.getTime() + 1 : next;
  const today = dateInZone(from, schedule.timeZone);
  // Enough days for `count` runs however few times a day has (at least one).
  const days = Math.ceil(count / times.length) + 1;
  const runs = new Set<number>();
  for (let day = 0; day <= days; day++) {
    for (const time of times) {
      const instant = instantAt(addDays(today, day), time, schedule.timeZone).getTime();
      if (instant >= from) runs.add(instant);
    }
  }
  return [...runs]
    .sort((a, b) => a - b)
    .slice(0, count)
    .map((instant) => new Date(instant));
}
