/**
 * The clock form's date-time (`<input type="datetime-local">`) as the zone's wall clock (Europe/Oslo
 * for the bank), over lib/psd2's wall-clock time. Pure; runs in the browser too.
 */
import { instantOfWallClock, wallClockOf } from "../../psd2/time";

// The control room's batch runs read the zone's wall clock from here too.
export { instantOfWallClock, wallClockOf };

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
