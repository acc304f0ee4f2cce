import { describe, expect, it } from "vitest";
import { instantOfWallClock, offsetAt, wallClockOf } from "./zoned-time";

const OSLO = "Europe/Oslo";

describe("Oslo's wall clock (supplement.md §5: the batch runs are Oslo times)", () => {
  it("is an hour ahead of UTC in winter and two in summer", () => {
    expect(offsetAt(Date.parse("2026-01-14T05:00:00Z"), OSLO)).toBe(60 * 60 * 1000);
    expect(offsetAt(Date.parse("2026-07-14T04:00:00Z"), OSLO)).toBe(2 * 60 * 60 * 1000);
    expect(offsetAt(Date.parse("2026-07-14T04:00:00.999Z"), OSLO)).toBe(2 * 60 * 60 * 1000);
  });

  it("shows an instant as its wall clock written as UTC", () => {
    expect(new Date(wallClockOf(Date.parse("2026-03-02T05:00:00Z"), OSLO)).toISOString()).toBe("2026-03-02T06:00:00.000Z");
    expect(new Date(wallClockOf(Date.parse("2026-03-28T23:30:00Z"), OSLO)).toISOString()).toBe("2026-03-29T00:30:00.000Z");
  });

  it.each([
    // The first batch run of a winter day and of a summer day.
    ["2026-01-14T06:00:00Z", "2026-01-14T05:00:00.000Z"],
    ["2026-07-14T06:00:00Z", "2026-07-14T04:00:00.000Z"],
    // The days the clocks change: the run at 06:00 is after the change.
    ["2026-03-29T06:00:00Z", "2026-03-29T04:00:00.000Z"],
    ["2026-10-25T06:00:00Z", "2026-10-25T05:00:00.000Z"],
    // 02:30 on 25 October is there twice: one of them.
    ["2026-10-25T02:30:00Z", "2026-10-25T01:30:00.000Z"],
  ])("the wall clock %s is the instant %s", (wall, instant) => {
    expect(new Date(instantOfWallClock(Date.parse(wall), OSLO)).toISOString()).toBe(instant);
  });

  it("a time in the spring-forward gap (29 March 2026, 02:00-03:00) is an instant an hour on", () => {
    expect(new Date(instantOfWallClock(Date.parse("2026-03-29T02:30:00Z"), OSLO)).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("works in any zone Intl knows", () => {
    expect(offsetAt(Date.parse("2026-01-14T12:00:00Z"), "UTC")).toBe(0);
    expect(new Date(instantOfWallClock(Date.parse("2026-01-14T09:00:00Z"), "America/New_York")).toISOString()).toBe("2026-01-14T14:00:00.000Z");
  });
});
