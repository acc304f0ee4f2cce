import { describe, expect, it } from "vitest";
import { TRANSACTION_STATUSES } from "../../psd2/schemas";
import { isCancellableStatus, isFinalStatus, isSettledStatus } from "./payment-lifecycle";

describe("payment lifecycle (supplement.md §5)", () => {
  it("paid, rejected and cancelled are final; nothing else is", () => {
    expect(TRANSACTION_STATUSES.filter(isFinalStatus)).toEqual(["ACSC", "RJCT", "CANC"]);
  });

  it("a standing order accepted (ACCP) is settled for polling, a single payment's ACCP is not", () => {
    expect(isSettledStatus("periodic-payments", "ACCP")).toBe(true);
    expect(isSettledStatus("payments", "ACCP")).toBe(false);
    expect(isSettledStatus("bulk-payments", "ACTC")).toBe(false);
    expect(isSettledStatus("bulk-payments", "RJCT")).toBe(true);
  });

  it("RCVD, ACTC and ACCP can be cancelled; PDNG and final states cannot (the bank's 405)", () => {
    expect(TRANSACTION_STATUSES.filter(isCancellableStatus)).toEqual(["ACCP", "ACTC", "RCVD"]);
  });
});
