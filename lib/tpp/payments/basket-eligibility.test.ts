import { describe, expect, it } from "vitest";
import { type BasketCandidate, basketEligibility } from "./basket-eligibility";

const waiting: BasketCandidate = {
  service: "payments",
  status: "RCVD",
  signingBasketId: null,
  psuContext: "PRIVATE",
  psuCorporateId: null,
  payerKind: "psu-id",
};
const privately = { psuContext: "PRIVATE", psuCorporateId: null } as const;

describe("basketEligibility (supplement.md §6)", () => {
  it("lets a single payment waiting for approval, in no basket, of the same context in", () => {
    expect(basketEligibility(waiting, privately)).toEqual({ eligible: true });
  });

  it("keeps periodic and bulk payments out, saying the bank refuses them", () => {
    expect(basketEligibility({ ...waiting, service: "periodic-payments" }, privately)).toMatchObject({
      eligible: false,
      reason: expect.stringContaining("REFERENCE_MIX_INVALID"),
    });
    expect(basketEligibility({ ...waiting, service: "bulk-payments" }, privately)).toMatchObject({
      eligible: false,
      reason: expect.stringContaining("Bulk"),
    });
  });

  it("keeps out a payment already approved, or already in a basket", () => {
    expect(basketEligibility({ ...waiting, status: "ACTC" }, privately).eligible).toBe(false);
    expect(basketEligibility({ ...waiting, signingBasketId: "b-1" }, privately)).toMatchObject({
      eligible: false,
      reason: "Already in a signing basket.",
    });
  });

  it("keeps out a payment of another context or company agreement", () => {
    expect(basketEligibility({ ...waiting, psuContext: "CORPORATE", psuCorporateId: "c-1" }, privately).eligible).toBe(false);
    expect(
      basketEligibility({ ...waiting, psuContext: "CORPORATE", psuCorporateId: "c-1" }, { psuContext: "CORPORATE", psuCorporateId: "c-2" })
        .eligible,
    ).toBe(false);
    expect(
      basketEligibility({ ...waiting, psuContext: "CORPORATE", psuCorporateId: "c-1" }, { psuContext: "CORPORATE", psuCorporateId: "c-1" })
        .eligible,
    ).toBe(true);
  });
});
