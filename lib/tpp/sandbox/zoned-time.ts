/**
 * The clock form's date-time (`<input type="datetime-local">`) as the zone's wall clock (Europe/Oslo
 * for the bank), over lib/psd2/time's Temporal wall clock. Pure; runs in the browser too.
 */
import { instantOfLocalDateTime, toZonedIso, wallClockOf } from "../../psd2/time";

/**
 * A date-time without offset as an `<input type="datetime-local">` gives it ("2026-03-02T05:00"),
 * read as the zone's wall clock, written in ISO 8601 with the zone's offset then
 * ("2026-03-02T05:00:00+01:00"); undefined when it is not such a date-time of the calendar.
 */
export function zonedDateTimeToIso(local: string, timeZone: string): string | undefined {
  const instant = instantOfLocalDateTime(local, timeZone);
  return instant === undefined ? undefined : toZonedIso(instant, timeZone);
}

/** An instant as the zone's wall clock for `<input type="datetime-local">`: "2026-03-02T05:00". */
export function isoToZonedDateTime(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? "" : wallClockOf(instant, timeZone).slice(0, 16);
}
