import { describe, expect, it } from "vitest";
import { durationMs, parseIsoDuration } from "./duration";

describe("exact durations", () => {
  it("measures days as 24 hours", () => {
    expect(durationMs({ days: 1 })).toBe(86_400_000);
    expect(durationMs({ days: 90 })).toBe(7_776_000_000);
    expect(durationMs({ hours: 1, minutes: 30 })).toBe(5_400_000);
    expect(durationMs({ seconds: 1, milliseconds: 500 })).toBe(1500);
  });

  it("reads the interface's ISO 8601 durations of days, hours, minutes and seconds", () => {
    expect(parseIsoDuration("PT1H")).toBe(3_600_000);
    expect(parseIsoDuration("PT90M")).toBe(5_400_000);
    expect(parseIsoDuration("P1D")).toBe(86_400_000);
    expect(parseIsoDuration("P1DT2H")).toBe(93_600_000);
    expect(parseIsoDuration("PT0.5S")).toBe(500);
    expect(parseIsoDuration("PT0.001S")).toBe(1);
    expect(parseIsoDuration("P3660D")).toBe(3660 * 86_400_000);
    expect(parseIsoDuration("PT0S")).toBe(0);
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "P",
      "PT",
      "1H",
      "P1M",
      "P1Y",
      "P1W",
      "PT1H30",
      "P1DT",
      "-PT1H",
      "PT1,5H",
      "pt1h",
      "PT1.5H",
      "PT0.0001S",
      " PT1H",
    ]) {
      expect(parseIsoDuration(text), text).toBeUndefined();
    }
  });
});
