import { describe, expect, it } from "vitest";
import { readTransactionsFilter } from "./read-transactions-filter";

describe("readTransactionsFilter", () => {
  it("reads a valid address as the bank's filter, with no problems", () => {
    expect(readTransactionsFilter({ status: "booked", from: "2026-01-31", to: "2026-02-28", page: "abc_DEF-123", n: "2" })).toEqual({
      filter: { status: "booked", from: "2026-01-31", to: "2026-02-28", page: "abc_DEF-123", n: 2 },
      problems: [],
    });
    expect(readTransactionsFilter({})).toEqual({
      filter: { status: "both", from: undefined, to: undefined, page: undefined, n: undefined },
      problems: [],
    });
    // Empty fields of a submitted form are no filter.
    expect(readTransactionsFilter({ status: "", from: "", to: "" }).problems).toEqual([]);
  });

  it("names a date that does not exist, or is not a date, on its field, and does not ask the bank with it", () => {
    const reading = readTransactionsFilter({ from: "2026-02-30", to: "yesterday" });
    expect(reading.filter).toMatchObject({ from: undefined, to: undefined });
    expect(reading.problems).toEqual([
      { field: "from", value: "2026-02-30", message: "2026-02-30 is not a date of the calendar." },
      { field: "to", value: "yesterday", message: '"yesterday" is not a date: write it as YYYY-MM-DD.' },
    ]);
  });

  it("names a period whose start is after its end", () => {
    expect(readTransactionsFilter({ from: "2026-03-02", to: "2026-03-01" }).problems).toEqual([
      { field: "from", value: "2026-03-02", message: "2026-03-02 is after the end of the period (2026-03-01)." },
    ]);
  });

  it("names an unknown status and a broken page link, keeping the rest", () => {
    const reading = readTransactionsFilter({ status: "information", page: "not a token!", from: "2026-03-01", n: "zero" });
    expect(reading.filter).toEqual({ status: "both", from: "2026-03-01", to: undefined, page: undefined, n: undefined });
    expect(reading.problems.map((problem) => problem.field)).toEqual(["status", "page"]);
  });

  it("takes the first of a repeated parameter, and cuts a long value in its message", () => {
    expect(readTransactionsFilter({ from: ["2026-03-01", "2026-13-01"] }).filter.from).toBe("2026-03-01");
    expect(readTransactionsFilter({ to: "x".repeat(500) }).problems[0]?.message).toBe(
      `"${"x".repeat(40)}…" is not a date: write it as YYYY-MM-DD.`,
    );
  });
});
