import "server-only";
import { notFound } from "next/navigation";
import { getAspspContext } from "../aspsp/aspsp-context";
import { redirectToBankForSca } from "../flows/redirect-to-bank-for-sca";
import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import { startBasketAuthorisation } from "../pis/start-basket-authorisation";
import { getTppRuntime } from "../runtime";
import { submitOutcomeOf } from "./payment-outcomes";
import { basketPagePath } from "./submit-basket";

/**
 * Starts (again) the one approval of a kept signing basket whose payments still wait, e.g. after
 * the PSU left the bank's page: POST /v1/signing-baskets/{basketId}/authorisations (empty body),
 * then to the bank; the callback lands on the basket's page. The bank allows it while a payment
 * of the basket is in RCVD (else 409 CONFLICT, returned as the refusal). Once a basket's approval
 * has started the bank no longer deletes it, and its payments are approved through it only: this
 * is the way on for a basket whose approval was left unfinished. A Server Action helper.
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function approveStoredBasket(userId: string, id: string): Promise<PaymentSubmitOutcome> {
  const { baskets } = await getTppRuntime();
  const basket = await baskets.findById(userId, id);
  if (basket === undefined) notFound();
  const returnTo = basketPagePath(basket.id);
  const ctx = await getAspspContext({ returnTo });
  let scaStart;
  try {
    scaStart = await startBasketAuthorisation(ctx, basket.basketId);
  } catch (error) {
    return submitOutcomeOf(error);
  }
  return redirectToBankForSca(scaStart, { kind: "basket", resourceId: basket.basketId, returnTo });
}
