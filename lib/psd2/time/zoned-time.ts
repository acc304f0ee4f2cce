/**
 * Wall-clock time in a time zone through Temporal (its ZonedDateTime and the IANA data behind
 * Intl), so that no daylight saving rule is written by hand. The interface states its times on
 * the bank's wall clock in Europe/Oslo (the batch runs at 06:00, 09:00, 12:00, 15:00 and 19:00,
 * the sandbox clock's batchSchedule with its `timeZone`): the bank schedules with these and the
 * TPP reads the schedule and writes the clock form with them. Pure: instants and zones are
 * arguments; it reads no clock.
 *
 * A wall-clock time that a change of the clocks skips (02:30 on the last Sunday of March in
 * Oslo) is read an hour on, as the clocks show it then (03:30 summer time); one that happens
 * twice (02:30 on the last Sunday of October) is read as the second, in standard time.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
import { Temporal } from "temporal-polyfill";
import { fromPlainDate, toPlainDate, type IsoDate } from "./calendar-date";

/** The bank's business time zone: its dates, batch runs and execution days are Oslo's. @see docs/interface/payments.md#payments-in-the-sandbox */
export const BANK_TIME_ZONE = "Europe/Oslo";

const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** An instant (a Date or epoch milliseconds) in a time zone; a RangeError naming an unknown zone. */
export function zonedAt(instant: Date | number, timeZone: string): Temporal.ZonedDateTime {
  const milliseconds = typeof instant === "number" ? instant : instant.getTime();
  if (!Number.isFinite(milliseconds)) throw new RangeError("the instant is not a valid time");
  return Temporal.Instant.fromEpochMilliseconds(milliseconds).toZonedDateTimeISO(timeZone);
}

/**
 * The same time of day `years` later (earlier when negative) on UTC's calendar, 29 February
 * becoming 28 February: the span of certificates and of the sandbox clock's reach.
 */
export function addYearsToInstant(instant: Date, years: number): Date {
  if (!Number.isInteger(years)) throw new RangeError(`years must be a whole number, got ${years}`);
  return new Date(zonedAt(instant, "UTC").add({ years }).epochMilliseconds);
}

/** A zone's last date asked for, with the instants it begins and ends (the next date's start). */
type ZonedDay = { readonly date: IsoDate; readonly start: number; readonly end: number };
const lastDays = new Map<string, ZonedDay>();

/**
 * The calendar date (YYYY-MM-DD) in a time zone at an instant: dateInZone(2026-03-28T23:30Z, Oslo)
 * is 2026-03-29. The bank asks for today's date on every request: the day's bounds (23 or 25 hours
 * long on the days the clocks change) are kept per zone, so that an instant within them costs a
 * comparison.
 */
export function dateInZone(instant: Date | number, timeZone: string): IsoDate {
  const milliseconds = typeof instant === "number" ? instant : instant.getTime();
  const last = lastDays.get(timeZone);
  if (last !== undefined && milliseconds >= last.start && milliseconds < last.end) return last.date;
  const zoned = zonedAt(milliseconds, timeZone);
  const start = zoned.startOfDay();
  const day: ZonedDay = {
    date: fromPlainDate(zoned.toPlainDate()),
    start: start.epochMilliseconds,
    end: start.add({ days: 1 }).startOfDay().epochMilliseconds,
  };
  lastDays.set(timeZone, day);
  return day.date;
}

/** The zone's wall clock at an instant, to the second, without offset: "2026-03-02T06:00:00". */
export function wallClockOf(instant: Date | number, timeZone: string): string {
  return zonedAt(instant, timeZone).toPlainDateTime().toString({ smallestUnit: "second" });
}

/** The zone's offset from UTC at an instant: "+01:00" in Oslo's winter, "+02:00" in its summer. */
export function offsetAt(instant: Date | number, timeZone: string): string {
  return zonedAt(instant, timeZone).offset;
}

/** An instant as ISO 8601 with the zone's offset then, to the second: "2026-03-02T06:00:00+01:00". */
export function toZonedIso(instant: Date | number, timeZone: string): string {
  return zonedAt(instant, timeZone).toString({ smallestUnit: "second", timeZoneName: "never" });
}

/**
 * The instant at which the zone's wall clock shows `time` ("HH:MM" or "HH:MM:SS") on `date`
 * (YYYY-MM-DD): instantAt("2026-01-14", "06:00", Oslo) is 05:00 UTC, in July 04:00 UTC. A
 * skipped time is read an hour on, a repeated one as the second (see above).
 */
export function instantAt(date: IsoDate, time: string, timeZone: string): Date {
  const match = WALL_TIME.exec(time);
  if (match === null) throw new RangeError(`'${time}' is not a wall-clock time HH:MM or HH:MM:SS`);
  const plainTime = new Temporal.PlainTime(Number(match[1]), Number(match[2]), Number(match[3] ?? 0));
  const zoned = toPlainDate(date).toPlainDateTime(plainTime).toZonedDateTime(timeZone, { disambiguation: "later" });
  return new Date(zoned.epochMilliseconds);
}

/**
 * A local date-time as `<input type="datetime-local">` gives it ("2026-03-02T05:00", seconds
 * optional), read as the zone's wall clock: the instant, or undefined when the text is no such
 * date-time of the calendar (2026-02-30T10:00, one with an offset, "yesterday").
 */
export function instantOfLocalDateTime(local: string, timeZone: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(local);
  if (match === null) return undefined;
  const [, date = "", time = ""] = match;
  try {
    return instantAt(date, time, timeZone);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
