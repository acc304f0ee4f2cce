import { describe, expect, it } from "vitest";
import { parseBankCallFilter } from "./bank-call-queries";

describe("parseBankCallFilter", () => {
  it("reads the inspector's filters from a page's query", () => {
    expect(parseBankCallFilter({ method: "POST", path: " /consents ", status: "4xx", text: "SCA_", before: "120", limit: "20" })).toEqual({
      method: "POST",
      path: "/consents",
      text: "SCA_",
      statusFrom: 400,
      statusTo: 499,
      before: 120,
      limit: 20,
    });
    expect(parseBankCallFilter({ statusFrom: "401", statusTo: "403" })).toEqual({ statusFrom: 401, statusTo: 403 });
    expect(parseBankCallFilter({ status: "none" })).toEqual({ noReply: true });
  });

  it("drops what it cannot read instead of failing the page, and never takes the user from the query", () => {
    expect(parseBankCallFilter({ method: "PATCH", status: "6xx", statusFrom: "abc", limit: "5000", userId: "someone", text: "" })).toEqual(
      {},
    );
    expect(parseBankCallFilter({ method: ["GET", "POST"] })).toEqual({ method: "GET" });
  });
});
