import { describe, expect, it } from "vitest";
import { ACCEPT_FIX_VALUES, validateAcceptFix } from "./validate-accept-fix";

describe("validateAcceptFix (supplement.md §12)", () => {
  it.each([
    "amount-as-string",
    "longer-names",
    "amount-as-string,longer-names",
    "amount-as-string, cash-account-type-iso",
    ACCEPT_FIX_VALUES.join(","),
  ])("accepts %j", (value) => {
    expect(validateAcceptFix(value)).toBeUndefined();
  });

  it("rejects an unknown value, naming it and the known ones", () => {
    expect(validateAcceptFix("amount-as-string,future-fix")).toEqual({
      code: "FORMAT_ERROR",
      reason:
        'has the unknown value "future-fix"; known values are amount-as-string, cardaccount-switch-originalamount-and-transactionamount, longer-names, cash-account-type-iso',
    });
  });

  it("names at most three unknown values, each cut to 40 characters, so that the message stays short", () => {
    const reason = validateAcceptFix(["x".repeat(8000), "b", "c", "d", "e"].join(","))?.reason ?? "";
    expect(reason).toMatch(new RegExp(`^has the unknown value "${"x".repeat(40)}…", "b", "c" and 2 more; known values are `));
    expect(reason.length).toBeLessThan(300);
  });

  it("is case-sensitive", () => {
    expect(validateAcceptFix("Amount-As-String")?.reason).toMatch(/^has the unknown value "Amount-As-String"/);
  });

  it.each(["", " ", "amount-as-string,", ",longer-names", "amount-as-string,,longer-names"])("rejects the empty value in %j", (value) => {
    expect(validateAcceptFix(value)).toEqual({ code: "FORMAT_ERROR", reason: "has an empty value; values are separated by single commas" });
  });
});
