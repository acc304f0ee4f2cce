import { BankError } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { createSigningBasketsRepository } from "../../repositories/signing-baskets-repository";
import { checkScaStart, startScaJourney } from "../../sca/start-sca-journey";
import { identifyPsu } from "../sca-sessions/identify-psu";
import type { PaymentContext } from "../payments/payment-context";
import { basketLinks, startedAuthorisation } from "../payments/payment-wire";
import type { PsuHeaders } from "../sca-sessions/read-psu-headers";
import { findTppBasket, unknownBasket } from "./find-tpp-basket";

/**
 * POST /v1/signing-baskets/{basketId}/authorisations (an empty body, checked by the route): starts the one SCA that
 * approves every payment of the basket still in RCVD, by the basket's PSU (in its context). From
 * now on the basket cannot be deleted. A basket with no payment awaiting authorisation is 409
 * CONFLICT.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function startBasketAuthorisation(ctx: PaymentContext, request: { tpp: TppIdentity; headers: PsuHeaders; basketId: string }) {
  const { tpp, headers } = request;
  const found = await findTppBasket(ctx.db, tpp.id, request.basketId);
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) throw new BankError(identified.problem.code, identified.problem.text, { path: identified.problem.path });
  const back = checkScaStart(headers, { named: identified.customer, customerId: found.customerId, owner: "the basket's" });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const baskets = createSigningBasketsRepository(tx);
    const basket = await baskets.findByIdForUpdate(found.id);
    if (!basket) throw unknownBasket(found.id);
    const payments = await createPaymentsRepository(tx).listByBasket(basket.id);
    if (!payments.some((payment) => payment.status === "RCVD")) {
      throw new BankError(
        "CONFLICT",
        `No payment of the signing basket ${basket.id} awaits authorisation: it is authorised already, or its payments were cancelled`,
      );
    }
    if (basket.authorisationStartedAt === null) await baskets.markAuthorisationStarted(basket.id, now);
    const journey = await startScaJourney(
      { db: tx, clock: ctx.clock, publicUrl: ctx.publicUrl },
      {
        tpp,
        purpose: "basket",
        ...back,
        resourceId: basket.id,
        expectedCustomerId: basket.customerId,
        ...(basket.agreementId === null ? {} : { expectedAgreementId: basket.agreementId }),
      },
    );
    return startedAuthorisation(journey, basketLinks.scaStatus(basket.id, journey.authorisationId));
  });
}
