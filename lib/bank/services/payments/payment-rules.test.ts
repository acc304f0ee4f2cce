import { describe, expect, it } from "vitest";
import { computeInstantFee } from "./compute-instant-fee";
import { convertAmount } from "./convert-amount";
import { checkScheduleDays, executionDateOf } from "./periodic-schedule";
import type { PaymentSchedule } from "./payment-order";

const dates = (schedule: PaymentSchedule, count: number) => Array.from({ length: count }, (_, index) => executionDateOf(schedule, index));

// docs/interface/payments.md#fee-information (fee information; periodic executions), docs/interface/endpoints.md#success-statuses (periodic bodies).
describe("the instant product's fee", () => {
  it.each([
    ["0.01", "2.00"],
    ["99999.99", "2.00"],
    ["100000.00", "10.00"],
    ["100004.99", "10.00"],
    ["100005.00", "10.00"],
    ["100050.00", "10.01"],
    ["123456.49", "12.35"],
    ["99999999999.99", "10000000.00"],
  ])("NOK %s costs NOK %s (0.01 % from NOK 100 000, half up to the øre)", (amount, fee) => {
    expect(computeInstantFee(amount)).toBe(fee);
  });
});

describe("the sandbox's currency conversion", () => {
  it("converts exactly at fixed rates, half up to the target's minor units", () => {
    expect(convertAmount("100.00", "EUR", "NOK")).toBe("1150.00");
    expect(convertAmount("1.00", "NOK", "EUR")).toBe("0.09");
    expect(convertAmount("0.01", "SEK", "NOK")).toBe("0.01");
    expect(convertAmount("12345678901234.56", "GBP", "NOK")).toBe("167901233056790.02");
    expect(convertAmount("250.00", "NOK", "NOK")).toBe("250.00");
  });
});

describe("periodic execution dates", () => {
  it("Monthly on a day moves to the following business day; 31 is the month's last day", () => {
    expect(dates({ startDate: "2026-01-10", frequency: "Monthly" }, 4)).toEqual(["2026-01-12", "2026-02-10", "2026-03-10", "2026-04-10"]);
    expect(dates({ startDate: "2026-01-10", frequency: "Monthly", dayOfExecution: "31" }, 4)).toEqual([
      "2026-02-02",
      "2026-03-02",
      "2026-03-31",
      "2026-04-30",
    ]);
  });

  it("preceding moves back, but never before startDate", () => {
    expect(dates({ startDate: "2026-01-10", frequency: "Monthly", executionRule: "preceding" }, 5)).toEqual([
      "2026-01-12",
      "2026-02-10",
      "2026-03-10",
      "2026-04-10",
      "2026-05-08",
    ]);
  });

  it("Weekly on a weekday, Daily on business days, until endDate", () => {
    expect(dates({ startDate: "2026-01-10", frequency: "Weekly", dayOfExecution: "1" }, 3)).toEqual([
      "2026-01-12",
      "2026-01-19",
      "2026-01-26",
    ]);
    expect(dates({ startDate: "2026-01-10", frequency: "Daily", endDate: "2026-01-14" }, 5)).toEqual([
      "2026-01-12",
      "2026-01-13",
      "2026-01-14",
      undefined,
      undefined,
    ]);
  });

  it("MonthlyVariable runs in the chosen months; Quarterly every third month", () => {
    expect(
      dates({ startDate: "2026-01-10", frequency: "MonthlyVariable", monthsOfExecution: ["3", "6"], dayOfExecution: "15" }, 3),
    ).toEqual(["2026-03-16", "2026-06-15", "2027-03-15"]);
    expect(dates({ startDate: "2026-01-10", frequency: "Quarterly" }, 3)).toEqual(["2026-01-12", "2026-04-10", "2026-07-10"]);
  });

  it("dayOfExecution must suit the frequency", () => {
    expect(checkScheduleDays({ startDate: "2026-01-10", frequency: "Daily", dayOfExecution: "1" })?.reason).toBe(
      "is not used with frequency Daily: a daily payment runs on every business day",
    );
    expect(checkScheduleDays({ startDate: "2026-01-10", frequency: "EveryTwoWeeks", dayOfExecution: "8" })?.path).toBe("dayOfExecution");
    expect(checkScheduleDays({ startDate: "2026-01-10", frequency: "Monthly", dayOfExecution: "31" })).toBeUndefined();
  });
});
