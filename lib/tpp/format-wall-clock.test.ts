import { describe, expect, it } from "vitest";
import { formatWallClock, MONTH_ABBREVIATIONS } from "./format-wall-clock";

describe("formatWallClock", () => {
  it("abbreviates every month in three letters: Sep, never Intl's en-GB Sept", () => {
    const months = MONTH_ABBREVIATIONS.map((_, index) => formatWallClock(new Date(Date.UTC(2026, index, 15)), { timeZone: "UTC" }));
    expect(months).toEqual([
      "15 Jan 2026",
      "15 Feb 2026",
      "15 Mar 2026",
      "15 Apr 2026",
      "15 May 2026",
      "15 Jun 2026",
      "15 Jul 2026",
      "15 Aug 2026",
      "15 Sep 2026",
      "15 Oct 2026",
      "15 Nov 2026",
      "15 Dec 2026",
    ]);
  });

  it("writes the wall clock of the time zone asked for, on its own date", () => {
    // 23:30 UTC on 30 September is 1 October in Oslo (CEST, UTC+2).
    const instant = new Date("2026-09-30T23:30:05Z");
    expect(formatWallClock(instant, { timeZone: "Europe/Oslo", time: "seconds", zoneName: true })).toBe("1 Oct 2026, 01:30:05 CEST");
    expect(formatWallClock(instant, { timeZone: "UTC", time: "minutes" })).toBe("30 Sep 2026, 23:30");
    expect(
      formatWallClock(new Date("2026-09-02T04:00:00Z"), { timeZone: "Europe/Oslo", weekday: true, year: false, time: "minutes" }),
    ).toBe("Wed 2 Sep, 06:00");
    expect(formatWallClock(new Date("2026-01-05T00:00:00Z"), { timeZone: "Europe/Oslo", time: "minutes", zoneName: true })).toBe(
      "5 Jan 2026, 01:00 CET",
    );
  });
});
