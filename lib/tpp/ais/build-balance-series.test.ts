import { describe, expect, it } from "vitest";
import { buildBalanceSeries } from "./build-balance-series";

const nok = (amount: string) => ({ amount, currency: "NOK" });

describe("buildBalanceSeries", () => {
  it("works the end-of-day balances back from closingBooked through the bookings", () => {
    const series = buildBalanceSeries({
      anchor: nok("1000.00"),
      anchorDate: "2026-03-03",
      transactions: [
        { bookingDate: "2026-03-03", amount: nok("-200.50") },
        { bookingDate: "2026-03-02", amount: nok("500.00") },
        { bookingDate: "2026-03-02", amount: nok("-0.10") },
        { bookingDate: undefined, amount: nok("-999.00") },
      ],
      from: "2026-03-01",
      to: "2026-03-03",
    });
    expect(series).toEqual({
      currency: "NOK",
      points: [
        { date: "2026-03-01", amount: "700.60" },
        { date: "2026-03-02", amount: "1200.50" },
        { date: "2026-03-03", amount: "1000.00" },
      ],
    });
  });

  it("carries on after the anchor's day with today's bookings, across a month's end", () => {
    const series = buildBalanceSeries({
      anchor: nok("-10.00"),
      anchorDate: "2026-02-27",
      transactions: [
        { bookingDate: "2026-02-28", amount: nok("25.05") },
        { bookingDate: "2026-03-01", amount: nok("-100.00") },
      ],
      from: "2026-02-27",
      to: "2026-03-01",
    });
    expect(series.points).toEqual([
      { date: "2026-02-27", amount: "-10.00" },
      { date: "2026-02-28", amount: "15.05" },
      { date: "2026-03-01", amount: "-84.95" },
    ]);
  });

  it("adds exactly, where floating point would drift", () => {
    const transactions = Array.from({ length: 1000 }, () => ({ bookingDate: "2026-01-02", amount: nok("0.10") }));
    const series = buildBalanceSeries({
      anchor: nok("100.00"),
      anchorDate: "2026-01-02",
      transactions,
      from: "2026-01-01",
      to: "2026-01-02",
    });
    expect(series.points.map((p) => p.amount)).toEqual(["0.00", "100.00"]);
  });

  it("refuses a range backwards or a date that is not one", () => {
    expect(() =>
      buildBalanceSeries({ anchor: nok("1.00"), anchorDate: "2026-01-01", transactions: [], from: "2026-01-02", to: "2026-01-01" }),
    ).toThrow("from (2026-01-02) is after to (2026-01-01)");
    expect(() =>
      buildBalanceSeries({ anchor: nok("1.00"), anchorDate: "2026-13-01", transactions: [], from: "2026-01-01", to: "2026-01-01" }),
    ).toThrow("anchorDate must be a date YYYY-MM-DD, not '2026-13-01'");
  });
});
