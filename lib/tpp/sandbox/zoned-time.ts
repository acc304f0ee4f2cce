/**
 * Wall-clock time in a time zone (Europe/Oslo for the bank) through Intl's time-zone data, so
 * that no daylight saving rule is written by hand. Pure; runs in the browser too.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, written as if it were UTC (milliseconds since the epoch). */
export function wallClockOf(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  return wallClockOf(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock shows `wall` (a wall-clock time written as UTC
 * milliseconds): the offset at a first guess, then at the corrected instant. Exact outside a
 * spring-forward gap; inside one, an instant an hour off the written time.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date-time without offset as an `<input type="datetime-local">` gives it ("2026-03-02T05:00"),
 * read as the zone's wall clock, written in ISO 8601 with the zone's offset then
 * ("2026-03-02T05:00:00+01:00"); undefined when it is not such a date-time.
 */
export function zonedDateTimeToIso(local: string, timeZone: string): string | undefined {
  const match = LOCAL_DATE_TIME.exec(local);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  // Date.UTC rolls over (2026-02-30 is 2 March): such a date is not one.
  if (new Date(wall).toISOString().slice(0, 16) !== local.slice(0, 16)) return undefined;
  const instant = instantOfWallClock(wall, timeZone);
  const offset = Math.round((wallClockOf(instant, timeZone) - instant) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${new Date(wallClockOf(instant, timeZone)).toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}

/** An instant as the zone's wall clock for `<input type="datetime-local">`: "2026-03-02T05:00". */
export function isoToZonedDateTime(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? "" : new Date(wallClockOf(instant, timeZone)).toISOString().slice(0, 16);
}
