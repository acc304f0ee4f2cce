import { describe, expect, it } from "vitest";
import { addOneYear, isValidIsoDate, isValidIsoDateTime, validateIsoDate, validateIsoDateTime } from "./validate-iso-date";

describe('ISO 8601 dates (psd2-interface.md "What the service does" (6))', () => {
  it.each(["2025-01-01", "2025-12-31", "2024-02-29", "2000-02-29", "2025-04-30", "2025-02-28"])("accepts %s", (date) => {
    expect(isValidIsoDate(date)).toBe(true);
    expect(validateIsoDate(date)).toBeUndefined();
  });

  it.each(["2025-02-29", "1900-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "2025-01-00", "2025-01-32"])(
    "rejects %s: no such day",
    (date) => {
      expect(isValidIsoDate(date)).toBe(false);
      expect(validateIsoDate(date)).toEqual({ code: "FORMAT_ERROR", reason: `is not a calendar date: ${date} does not exist` });
    },
  );

  it("rejects year 0000 (1 BC) and accepts the first and last days of the four-digit years", () => {
    expect(isValidIsoDate("0000-01-01")).toBe(false);
    expect(validateIsoDate("0000-01-01")).toEqual({
      code: "FORMAT_ERROR",
      reason: "is not a calendar date: the years begin with 0001, so 0000-01-01 does not exist",
    });
    expect(validateIsoDate("0001-01-01")).toBeUndefined();
    expect(validateIsoDate("9999-12-31")).toBeUndefined();
    expect(isValidIsoDateTime("0000-01-01T00:00:00Z")).toBe(false);
  });

  it.each(["2025-1-01", "25-01-01", "2025/01/01", "20250101", "2025-01-01T00:00:00Z", " 2025-01-01", "01.03.2025", ""])(
    "rejects %j: not YYYY-MM-DD",
    (date) => {
      expect(validateIsoDate(date)).toEqual({ code: "FORMAT_ERROR", reason: "must be a date in the form YYYY-MM-DD" });
    },
  );
});

describe("ISO 8601 date-times with offset", () => {
  it.each([
    "2025-03-01T12:30:00Z",
    "2025-03-01T12:30:00+01:00",
    "2025-03-01T12:30:00.123-05:00",
    "2025-03-01T12:30:00.123456789Z",
    "2025-03-01T12:30+01:00",
    "2025-03-01T23:59:59+0100",
    "2024-02-29T00:00:00Z",
  ])("accepts %s", (value) => {
    expect(isValidIsoDateTime(value)).toBe(true);
    expect(validateIsoDateTime(value)).toBeUndefined();
  });

  it.each([
    "2025-03-01T12:30:00",
    "2025-03-01 12:30:00Z",
    "2025-02-29T12:00:00Z",
    "2025-03-01T24:00:00Z",
    "2025-03-01T12:60:00Z",
    "2025-03-01T12:30:60Z",
    "2025-03-01T12:30:00+25:00",
    "2025-03-01",
  ])("rejects %s", (value) => {
    expect(validateIsoDateTime(value)).toEqual({
      code: "FORMAT_ERROR",
      reason: "must be an ISO 8601 date-time with an offset, e.g. 2025-03-01T12:30:00+01:00",
    });
  });
});

describe("addOneYear", () => {
  it("keeps the day and month, and turns 29 February into 28 February", () => {
    expect(addOneYear("2025-03-01")).toBe("2026-03-01");
    expect(addOneYear("2024-02-29")).toBe("2025-02-28");
    expect(addOneYear("2023-02-28")).toBe("2024-02-28");
    expect(addOneYear("2025-12-31")).toBe("2026-12-31");
  });
});
