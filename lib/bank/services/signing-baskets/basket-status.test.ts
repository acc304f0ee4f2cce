import { describe, expect, it } from "vitest";
import { computeBasketStatus } from "./basket-status";

const of = (...statuses: ("RCVD" | "ACTC" | "PDNG" | "ACSC" | "ACCP" | "RJCT" | "CANC")[]) =>
  computeBasketStatus(statuses.map((status) => ({ status })));

// docs/interface/states.md#states-and-transitions (rule 1: the worst case); docs/interface/signing-baskets.md#rules-in-the-sandbox.
describe("computeBasketStatus", () => {
  it("is RCVD before the SCA, ACTC when every payment is authorised", () => {
    expect(of("RCVD", "RCVD")).toBe("RCVD");
    expect(of("ACTC", "PDNG", "ACSC")).toBe("ACTC");
  });

  it("is PATC when some are authorised and some are not (awaiting, or deleted)", () => {
    expect(of("ACTC", "RCVD")).toBe("PATC");
    expect(of("ACSC", "CANC")).toBe("PATC");
  });

  it("is RJCT when any payment was rejected, whatever the others", () => {
    expect(of("ACSC", "RJCT", "ACTC")).toBe("RJCT");
    expect(of("RCVD", "RJCT")).toBe("RJCT");
  });
});
