import { describe, expect, it } from "vitest";
import { transactionsHref } from "./transactions-href";

describe("transactionsHref", () => {
  it("keeps the values given, in their order, and leaves out those undefined or empty", () => {
    expect(transactionsHref("/accounts/a1", { status: "both", from: "2026-01-01", to: undefined, page: "", n: 2 })).toBe(
      "/accounts/a1?status=both&from=2026-01-01&n=2",
    );
  });

  it("is the bare path when nothing is given", () => {
    expect(transactionsHref("/cards/c%201", { from: undefined, page: undefined })).toBe("/cards/c%201");
  });

  it("encodes a value for the query", () => {
    expect(transactionsHref("/cards/c1", { page: "a b&c" })).toBe("/cards/c1?page=a+b%26c");
  });
});
