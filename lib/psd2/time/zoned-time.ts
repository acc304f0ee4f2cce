/**
 * Wall-clock time in a time zone through Intl's time-zone data, so that no daylight saving rule
 * is written by hand. The interface states its times on the bank's wall clock in Europe/Oslo
 * (the batch runs at 06:00, 09:00, 12:00, 15:00 and 19:00, the sandbox clock's batchSchedule
 * with its `timeZone`): the bank schedules with these and the TPP reads the schedule with them.
 * Pure: instants and zones are arguments; it reads no clock.
 *
 * @see supplement.md §5, §11
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
