/**
 * TPP_REFRESH_SCHEDULE: when the app reads every connected user's accounts without the PSU, as
 * wall-clock times in Oslo (the bank's time zone) on the bank's clock, or "off". Pure.
 */
import { addDays, BANK_TIME_ZONE, dateInZone, instantAt } from "../../psd2/time";

/** Four times a day, six hours apart: the 4 calls per account and kind that 24 hours allow. */
export const DEFAULT_REFRESH_SCHEDULE = "00:00,06:00,12:00,18:00";

/** The refresh's times of day ("HH:MM", sorted, each once), or off. */
export type RefreshSchedule = { readonly kind: "off" } | { readonly kind: "daily"; readonly times: readonly string[] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const REFRESH_SCHEDULE_RULE =
  'must be "off" or times of day in Oslo as HH:MM separated by commas, at most 4 (the calls without the PSU a day allows), e.g. 00:00,06:00,12:00,18:00';

/** Reads the setting; a RangeError with REFRESH_SCHEDULE_RULE's words for anything else. */
export function parseRefreshSchedule(text: string): RefreshSchedule {
  const value = text.trim();
  if (value.toLowerCase() === "off") return { kind: "off" };
  const times = value.split(",").map((time) => time.trim());
  const bad = times.find((time) => !TIME.test(time));
  if (bad !== undefined) throw new RangeError(`${REFRESH_SCHEDULE_RULE} ('${bad}' is not HH:MM)`);
  const unique = [...new Set(times)].sort();
  if (unique.length > 4) throw new RangeError(`${REFRESH_SCHEDULE_RULE} (got ${unique.length} times)`);
  return { kind: "daily", times: unique };
}

/** The schedule in words: "at 00:00, 06:00, 12:00 and 18:00 (Oslo)" or "off". */
export function describeRefreshSchedule(schedule: RefreshSchedule): string {
  if (schedule.kind === "off") return "off";
  const times = schedule.times;
  const listed = times.length === 1 ? times[0] : `${times.slice(0, -1).join(", ")} and ${times.at(-1)}`;
  return `at ${listed} (Oslo time, on the bank's clock)`;
}

/**
 * The latest scheduled instant at or before `now` (the bank's clock): the refresh that is due.
 * Undefined when the schedule is off.
 */
export function latestDueSlot(schedule: RefreshSchedule, now: Date): Date | undefined {
  if (schedule.kind === "off") return undefined;
  const today = dateInZone(now, BANK_TIME_ZONE);
  let latest: Date | undefined;
  for (const date of [addDays(today, -1), today]) {
    for (const time of schedule.times) {
      const slot = instantAt(date, time, BANK_TIME_ZONE);
      if (slot.getTime() <= now.getTime() && (latest === undefined || slot > latest)) latest = slot;
    }
  }
  return latest;
}

/** The next scheduled instant after `now`; undefined when off. */
export function nextSlotAfter(schedule: RefreshSchedule, now: Date): Date | undefined {
  if (schedule.kind === "off") return undefined;
  const today = dateInZone(now, BANK_TIME_ZONE);
  for (const date of [today, addDays(today, 1)]) {
    for (const time of schedule.times) {
      const slot = instantAt(date, time, BANK_TIME_ZONE);
      if (slot.getTime() > now.getTime()) return slot;
    }
  }
  return undefined;
}
