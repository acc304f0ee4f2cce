import { describe, expect, it } from "vitest";
import { DAYS_OF_EXECUTION, FREQUENCY_CODES, MONTHS_OF_EXECUTION, validatePeriodicSchedule } from "./validate-periodic-schedule";

describe("periodic schedule (supplement.md §2)", () => {
  it("lists the frequencies, days and months", () => {
    expect(FREQUENCY_CODES).toEqual([
      "Daily",
      "Weekly",
      "EveryTwoWeeks",
      "Monthly",
      "EveryTwoMonths",
      "Quarterly",
      "SemiAnnual",
      "Annual",
      "MonthlyVariable",
    ]);
    expect(DAYS_OF_EXECUTION).toHaveLength(31);
    expect([DAYS_OF_EXECUTION[0], DAYS_OF_EXECUTION[30]]).toEqual(["1", "31"]);
    expect(MONTHS_OF_EXECUTION).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]);
  });

  it("accepts a plain monthly schedule and an open end", () => {
    expect(validatePeriodicSchedule({ startDate: "2025-03-01", frequency: "Monthly" })).toEqual([]);
    expect(validatePeriodicSchedule({ startDate: "2025-03-01", endDate: "2025-03-01", frequency: "Daily" })).toEqual([]);
  });

  it("rejects an endDate before startDate", () => {
    expect(validatePeriodicSchedule({ startDate: "2025-03-01", endDate: "2025-02-28", frequency: "Daily" })).toEqual([
      { code: "FORMAT_ERROR", path: ["endDate"], reason: "is 2025-02-28, before startDate 2025-03-01" },
    ]);
  });

  it("leaves malformed dates to their own rule", () => {
    expect(validatePeriodicSchedule({ startDate: "2025-03-01", endDate: "2025-02-30", frequency: "Daily" })).toEqual([]);
  });

  it("requires monthsOfExecution for MonthlyVariable", () => {
    expect(validatePeriodicSchedule({ startDate: "2025-03-01", frequency: "MonthlyVariable" })).toEqual([
      { code: "FORMAT_ERROR", path: ["monthsOfExecution"], reason: "is required when frequency is MonthlyVariable" },
    ]);
  });

  it("rejects monthsOfExecution for other frequencies", () => {
    expect(validatePeriodicSchedule({ startDate: "2025-03-01", frequency: "Monthly", monthsOfExecution: ["1"] })).toEqual([
      { code: "FORMAT_ERROR", path: ["monthsOfExecution"], reason: "is allowed only when frequency is MonthlyVariable, not Monthly" },
    ]);
  });

  it("rejects a duplicate month (release 1.18.1)", () => {
    expect(
      validatePeriodicSchedule({ startDate: "2025-03-01", frequency: "MonthlyVariable", monthsOfExecution: ["1", "4", "10", "4"] }),
    ).toEqual([
      { code: "FORMAT_ERROR", path: ["monthsOfExecution", 3], reason: 'repeats the month at index 1 ("4"); each month may appear once' },
    ]);
  });

  it("accepts 1 and 11 months, rejects 0 and 12", () => {
    const schedule = (months: string[]) => ({ startDate: "2025-03-01", frequency: "MonthlyVariable", monthsOfExecution: months });
    expect(validatePeriodicSchedule(schedule(["4"]))).toEqual([]);
    expect(validatePeriodicSchedule(schedule(MONTHS_OF_EXECUTION.slice(0, 11)))).toEqual([]);
    expect(validatePeriodicSchedule(schedule([]))).toEqual([
      { code: "FORMAT_ERROR", path: ["monthsOfExecution"], reason: "is empty; at least 1 month is required" },
    ]);
    expect(validatePeriodicSchedule(schedule(MONTHS_OF_EXECUTION))).toEqual([
      { code: "FORMAT_ERROR", path: ["monthsOfExecution"], reason: "holds 12 months; at most 11 months are allowed" },
    ]);
  });
});
