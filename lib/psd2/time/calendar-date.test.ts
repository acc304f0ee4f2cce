import { describe, expect, it } from "vitest";
import { addDays, addMonths, addYears, dateInMonth, daysBetween, isIsoDate, isoWeekday, isWeekend, toPlainDate } from "./calendar-date";

describe("calendar dates (YYYY-MM-DD)", () => {
  it("knows which dates exist", () => {
    expect(isIsoDate("2026-03-29")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("0001-01-01")).toBe(true);
    expect(isIsoDate("9999-12-31")).toBe(true);
    for (const value of [
      "2026-02-29",
      "1900-02-29",
      "2026-02-30",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "0000-01-01",
      "26-01-01",
      "2026-1-1",
      "2026-01-01T00:00",
      "+002026-01-01",
      "20260101",
      "",
      " 2026-01-01",
    ]) {
      expect(isIsoDate(value), value).toBe(false);
    }
  });

  it("refuses to compute with a date that does not exist, naming it", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow("'2026-02-30' is not a YYYY-MM-DD calendar date: no such day");
    expect(() => daysBetween("2026-01-01", "yesterday")).toThrow("'yesterday' is not a YYYY-MM-DD calendar date");
    expect(() => toPlainDate("0000-01-01")).toThrow(RangeError);
    expect(() => addDays("2026-01-01", 0.5)).toThrow("days must be a whole number, got 0.5");
    expect(() => addMonths("2026-01-01", Number.NaN)).toThrow("months must be a whole number");
  });

  it("adds days across months, years, leap days and both changes of Oslo's clocks", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2026-03-02", 0)).toBe("2026-03-02");
    expect(addDays("2026-03-02", -365)).toBe("2025-03-02");
    expect(addDays("2026-03-02", 3660)).toBe("2036-03-09");
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
  });

  it("counts whole days between dates, in either direction", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2026-03-30", "2026-03-28")).toBe(-2);
    expect(daysBetween("2026-01-01", "2026-01-01")).toBe(0);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("adds months on the same day, or the month's last where it has none", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 2)).toBe("2027-01-15");
    expect(addMonths("2026-01-15", -13)).toBe("2024-12-15");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2026-03-02", 1)).toBe("2027-03-02");
  });

  it("finds a day of a month, clamped to its last", () => {
    expect(dateInMonth("2026-02", 31)).toBe("2026-02-28");
    expect(dateInMonth("2028-02", 30)).toBe("2028-02-29");
    expect(dateInMonth("2026-04", 31)).toBe("2026-04-30");
    expect(dateInMonth("2026-12", 1)).toBe("2026-12-01");
    expect(() => dateInMonth("2026-13", 1)).toThrow(RangeError);
    expect(() => dateInMonth("2026-1", 1)).toThrow("'2026-1' is not a YYYY-MM month");
    expect(() => dateInMonth("2026-01", 0)).toThrow("day must be a whole number from 1, got 0");
  });

  it("tells the weekday (ISO: Monday 1 ... Sunday 7)", () => {
    expect(isoWeekday("2026-03-02")).toBe(1);
    expect(isoWeekday("2026-03-29")).toBe(7);
    expect(isWeekend("2026-03-28")).toBe(true);
    expect(isWeekend("2026-03-29")).toBe(true);
    expect(isWeekend("2026-03-30")).toBe(false);
  });
});
