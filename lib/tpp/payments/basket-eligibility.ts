/**
 * Which kept payments may go in a signing basket, and why the others may not. Pure: the list
 * page and the basket flow share it.
 * @see docs/interface/signing-baskets.md#request-and-response, docs/interface/limits.md#limits-in-the-spec; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
import type { PsuContext } from "../../psd2/schemas";

/** At most this many payments in one basket. @see docs/interface/limits.md#limits-in-the-spec */
export const MAX_BASKET_PAYMENTS = 10;

/** What of a kept payment decides whether it may go in a basket. */
export interface BasketCandidate {
  readonly service: "payments" | "periodic-payments" | "bulk-payments";
  readonly status: string;
  readonly signingBasketId: string | null;
  readonly psuContext: PsuContext;
  readonly psuCorporateId: string | null;
  readonly payerKind: "psu-id" | "national-id" | "single-sca";
}

/** The PSU and context a basket is made in: the session's. */
export interface BasketContext {
  readonly psuContext: PsuContext;
  readonly psuCorporateId: string | null;
}

export type BasketEligibility = { readonly eligible: true } | { readonly eligible: false; readonly reason: string };

/**
 * Whether a payment may go in a signing basket made now: a single payment (the bank refuses
 * periodic and bulk payments with REFERENCE_MIX_INVALID), still waiting for approval (RCVD), in no
 * basket yet, and made in the same context (private, or the same company) as the basket.
 */
export function basketEligibility(payment: BasketCandidate, context: BasketContext): BasketEligibility {
  if (payment.service !== "payments") {
    return {
      eligible: false,
      reason: `${payment.service === "periodic-payments" ? "Repeating" : "Bulk"} payments cannot be signed in a basket: the bank refuses them (REFERENCE_MIX_INVALID).`,
    };
  }
  if (payment.signingBasketId !== null) return { eligible: false, reason: "Already in a signing basket." };
  if (payment.status !== "RCVD") return { eligible: false, reason: "Only payments still waiting for approval can be signed together." };
  if (
    payment.psuContext !== context.psuContext ||
    (payment.psuContext === "CORPORATE" && payment.psuCorporateId !== context.psuCorporateId)
  ) {
    return {
      eligible: false,
      reason: `Made ${payment.psuContext === "CORPORATE" ? "for another company agreement" : "as a private person"}: a basket holds the payments of one context. Switch context on the Corporate page to sign it.`,
    };
  }
  return { eligible: true };
}
