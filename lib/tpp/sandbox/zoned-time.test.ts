import { describe, expect, it } from "vitest";
import { isoToZonedDateTime, zonedDateTimeToIso } from "./zoned-time";

const OSLO = "Europe/Oslo";

describe("Oslo's wall clock for the clock form (<input type=datetime-local>)", () => {
  it.each([
    ["2026-01-14T06:00", "2026-01-14T06:00:00+01:00"],
    ["2026-07-14T06:00", "2026-07-14T06:00:00+02:00"],
    ["2026-07-14T06:00:30", "2026-07-14T06:00:30+02:00"],
    // Summer time's last hour and winter time's first share 02:00-03:00 on 25 October: one of them, a real instant.
    ["2026-10-25T02:30", "2026-10-25T02:30:00+01:00"],
  ])("%s is %s", (local, iso) => {
    expect(zonedDateTimeToIso(local, OSLO)).toBe(iso);
  });

  it("a time in the spring-forward gap (29 March 2026, 02:00-03:00) becomes a real instant an hour on", () => {
    expect(zonedDateTimeToIso("2026-03-29T02:30", OSLO)).toBe("2026-03-29T03:30:00+02:00");
  });

  it("what is not a date-time without offset is undefined", () => {
    expect(zonedDateTimeToIso("2026-02-30T10:00", OSLO)).toBeUndefined();
    expect(zonedDateTimeToIso("2026-03-02T10:00:00Z", OSLO)).toBeUndefined();
    expect(zonedDateTimeToIso("yesterday", OSLO)).toBeUndefined();
  });

  it("an instant as the wall clock of the form", () => {
    expect(isoToZonedDateTime("2026-03-02T04:30:00.000Z", OSLO)).toBe("2026-03-02T05:30");
    expect(isoToZonedDateTime("2026-07-02T04:30:00.000Z", OSLO)).toBe("2026-07-02T06:30");
    expect(isoToZonedDateTime("never", OSLO)).toBe("");
  });
});
