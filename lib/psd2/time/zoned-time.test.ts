import { describe, expect, it } from "vitest";
import { addYearsToInstant, dateInZone, instantAt, instantOfLocalDateTime, offsetAt, toZonedIso, wallClockOf } from "./zoned-time";

const OSLO = "Europe/Oslo";
const at = (iso: string) => new Date(iso);

describe("Oslo's wall clock (supplement.md §5: the batch runs are Oslo times)", () => {
  it("is an hour ahead of UTC in winter and two in summer", () => {
    expect(offsetAt(at("2026-01-14T05:00:00Z"), OSLO)).toBe("+01:00");
    expect(offsetAt(at("2026-07-14T04:00:00Z"), OSLO)).toBe("+02:00");
    expect(offsetAt(at("2026-07-14T04:00:00.999Z"), OSLO)).toBe("+02:00");
    // The changes themselves: 01:00 UTC on the last Sundays of March and October.
    expect(offsetAt(at("2026-03-29T00:59:59.999Z"), OSLO)).toBe("+01:00");
    expect(offsetAt(at("2026-03-29T01:00:00Z"), OSLO)).toBe("+02:00");
    expect(offsetAt(at("2026-10-25T00:59:59.999Z"), OSLO)).toBe("+02:00");
    expect(offsetAt(at("2026-10-25T01:00:00Z"), OSLO)).toBe("+01:00");
  });

  it("shows an instant as its wall clock", () => {
    expect(wallClockOf(at("2026-03-02T05:00:00Z"), OSLO)).toBe("2026-03-02T06:00:00");
    expect(wallClockOf(at("2026-03-28T23:30:00Z"), OSLO)).toBe("2026-03-29T00:30:00");
    expect(wallClockOf(Date.parse("2026-10-25T00:30:00Z"), OSLO)).toBe("2026-10-25T02:30:00");
    expect(wallClockOf(Date.parse("2026-10-25T01:30:00Z"), OSLO)).toBe("2026-10-25T02:30:00");
    expect(toZonedIso(at("2026-10-25T00:30:00Z"), OSLO)).toBe("2026-10-25T02:30:00+02:00");
    expect(toZonedIso(at("2026-10-25T01:30:00Z"), OSLO)).toBe("2026-10-25T02:30:00+01:00");
  });

  it("gives Oslo's date of an instant, midnight by Oslo's clock", () => {
    expect(dateInZone(at("2026-03-28T22:59:59Z"), OSLO)).toBe("2026-03-28");
    expect(dateInZone(at("2026-03-28T23:00:00Z"), OSLO)).toBe("2026-03-29"); // UTC+1
    expect(dateInZone(at("2026-07-01T21:59:59Z"), OSLO)).toBe("2026-07-01");
    expect(dateInZone(at("2026-07-01T22:00:00Z"), OSLO)).toBe("2026-07-02"); // UTC+2
    expect(dateInZone(at("2026-12-31T23:00:00Z"), OSLO)).toBe("2027-01-01");
  });

  it.each([
    // The first batch run of a winter day and of a summer day.
    ["2026-01-14", "06:00", "2026-01-14T05:00:00.000Z"],
    ["2026-07-14", "06:00", "2026-07-14T04:00:00.000Z"],
    // The days the clocks change: the run at 06:00 is after the change.
    ["2026-03-29", "06:00", "2026-03-29T04:00:00.000Z"],
    ["2026-10-25", "06:00", "2026-10-25T05:00:00.000Z"],
    // Midnight of those days is before the change.
    ["2026-03-29", "00:00", "2026-03-28T23:00:00.000Z"],
    ["2026-10-25", "00:00", "2026-10-24T22:00:00.000Z"],
    // 02:30 on 25 October is there twice: the second, in winter time.
    ["2026-10-25", "02:30", "2026-10-25T01:30:00.000Z"],
    ["2026-10-25", "02:30:15", "2026-10-25T01:30:15.000Z"],
  ])("%s %s on Oslo's wall clock is the instant %s", (date, time, instant) => {
    expect(instantAt(date, time, OSLO).toISOString()).toBe(instant);
  });

  it("a time in the spring-forward gap (29 March 2026, 02:00-03:00) is the instant an hour on", () => {
    expect(instantAt("2026-03-29", "02:30", OSLO).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(instantAt("2026-03-29", "02:00", OSLO).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(instantAt("2026-03-29", "03:00", OSLO).toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });

  it("works in any zone the IANA data knows", () => {
    expect(offsetAt(at("2026-01-14T12:00:00Z"), "UTC")).toBe("+00:00");
    expect(instantAt("2026-01-14", "09:00", "America/New_York").toISOString()).toBe("2026-01-14T14:00:00.000Z");
    expect(offsetAt(at("2026-01-14T12:00:00Z"), "Asia/Kolkata")).toBe("+05:30");
  });

  it("moves an instant by calendar years on UTC's calendar", () => {
    expect(addYearsToInstant(at("2026-11-25T12:00:00Z"), -5).toISOString()).toBe("2021-11-25T12:00:00.000Z");
    expect(addYearsToInstant(at("2028-02-29T23:30:00Z"), -5).toISOString()).toBe("2023-02-28T23:30:00.000Z");
    expect(addYearsToInstant(at("2026-03-29T01:30:00Z"), 30).toISOString()).toBe("2056-03-29T01:30:00.000Z");
    expect(() => addYearsToInstant(at("2026-03-29T01:30:00Z"), 0.5)).toThrow("years must be a whole number, got 0.5");
  });

  it("names what is wrong: a time, a date, a zone", () => {
    expect(() => instantAt("2026-01-14", "24:00", OSLO)).toThrow(/'24:00' is not a wall-clock time/);
    expect(() => instantAt("2026-01-14", "6:00", OSLO)).toThrow(/'6:00' is not a wall-clock time/);
    expect(() => instantAt("2026-02-30", "06:00", OSLO)).toThrow(/'2026-02-30' is not a YYYY-MM-DD calendar date/);
    expect(() => instantAt("2026-01-14", "06:00", "Europe/Atlantis")).toThrow(RangeError);
    expect(() => dateInZone(new Date(Number.NaN), OSLO)).toThrow(/not a valid time/);
  });

  it("reads a datetime-local's value as the zone's wall clock", () => {
    expect(instantOfLocalDateTime("2026-01-14T06:00", OSLO)?.toISOString()).toBe("2026-01-14T05:00:00.000Z");
    expect(instantOfLocalDateTime("2026-07-14T06:00:30", OSLO)?.toISOString()).toBe("2026-07-14T04:00:30.000Z");
    expect(instantOfLocalDateTime("2026-02-30T10:00", OSLO)).toBeUndefined();
    expect(instantOfLocalDateTime("2026-03-02T10:00:00Z", OSLO)).toBeUndefined();
    expect(instantOfLocalDateTime("2026-03-02T25:00", OSLO)).toBeUndefined();
    expect(instantOfLocalDateTime("yesterday", OSLO)).toBeUndefined();
  });
});
