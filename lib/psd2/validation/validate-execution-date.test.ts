import { describe, expect, it } from "vitest";
import { validateExecutionDate } from "./validate-execution-date";

const invalid = (reason: string) => ({ code: "EXECUTION_DATE_INVALID", reason });

describe("validateExecutionDate (EXECUTION_DATE_INVALID, supplement.md §4)", () => {
  const today = "2025-03-01";

  it("accepts today, tomorrow and exactly one year ahead", () => {
    expect(validateExecutionDate("2025-03-01", today)).toBeUndefined();
    expect(validateExecutionDate("2025-03-02", today)).toBeUndefined();
    expect(validateExecutionDate("2026-03-01", today)).toBeUndefined();
  });

  it("rejects yesterday", () => {
    expect(validateExecutionDate("2025-02-28", today)).toEqual(invalid("is 2025-02-28, which is in the past (today is 2025-03-01)"));
  });

  it("rejects one day more than a year ahead", () => {
    expect(validateExecutionDate("2026-03-02", today)).toEqual(
      invalid("is 2026-03-02, more than one year ahead (the latest allowed date is 2026-03-01)"),
    );
  });

  it("counts a year from 29 February to 28 February", () => {
    expect(validateExecutionDate("2025-02-28", "2024-02-29")).toBeUndefined();
    expect(validateExecutionDate("2025-03-01", "2024-02-29")?.code).toBe("EXECUTION_DATE_INVALID");
  });

  it("compares across month and year ends", () => {
    expect(validateExecutionDate("2025-01-01", "2024-12-31")).toBeUndefined();
    expect(validateExecutionDate("2024-12-31", "2025-01-01")?.code).toBe("EXECUTION_DATE_INVALID");
  });

  it("throws on a wrong today or a malformed date: those are programming errors", () => {
    expect(() => validateExecutionDate("2025-03-01", "2025-02-30")).toThrow(RangeError);
    expect(() => validateExecutionDate("2025-03-01", "01.03.2025")).toThrow(RangeError);
    expect(() => validateExecutionDate("2025-3-1", today)).toThrow(RangeError);
  });
});
