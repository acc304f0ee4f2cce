import { describe, expect, it } from "vitest";
import { readCardTransactionsFilter } from "./read-card-transactions-filter";

describe("readCardTransactionsFilter", () => {
  it("reads a valid address, with no problems", () => {
    expect(readCardTransactionsFilter({ from: "2026-01-31", page: "abc_DEF-123", n: "3" })).toEqual({
      filter: { from: "2026-01-31", page: "abc_DEF-123", n: 3 },
      problems: [],
    });
    expect(readCardTransactionsFilter({})).toEqual({ filter: { from: undefined, page: undefined, n: undefined }, problems: [] });
    expect(readCardTransactionsFilter({ from: "" }).problems).toEqual([]);
  });

  it("names a from that is not a date of the calendar, or not a date, on its field, instead of dropping it", () => {
    expect(readCardTransactionsFilter({ from: "2026-02-30" })).toEqual({
      filter: { from: undefined, page: undefined, n: undefined },
      problems: [{ field: "from", value: "2026-02-30", message: "2026-02-30 is not a date of the calendar." }],
    });
    expect(readCardTransactionsFilter({ from: ["last week", "2026-01-01"] }).problems).toEqual([
      { field: "from", value: "last week", message: '"last week" is not a date: write it as YYYY-MM-DD.' },
    ]);
  });

  it("names a broken page link, and reads no filter the card page does not have", () => {
    expect(readCardTransactionsFilter({ page: "not a token!", from: "2026-01-05" })).toEqual({
      filter: { from: "2026-01-05", page: undefined, n: undefined },
      problems: [
        {
          field: "page",
          value: "not a token!",
          message: "The link to this page of transactions is broken: start again from the first page.",
        },
      ],
    });
    // status and to belong to an account's page: a card page's address with them is read without them.
    expect(readCardTransactionsFilter({ from: "2026-03-02", to: "2026-03-01", status: "nonsense" })).toEqual({
      filter: { from: "2026-03-02", page: undefined, n: undefined },
      problems: [],
    });
  });
});
