import type { PaymentProduct, PaymentService } from "../../../psd2/schemas";
import { BankError } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { checkScaStart, startScaJourney } from "../../sca/start-sca-journey";
import { identifyPsu } from "../sca-sessions/identify-psu";
import type { PsuHeaders } from "../sca-sessions/read-psu-headers";
import { findTppPayment, unknownPayment } from "./find-tpp-payment";
import type { PaymentContext } from "./payment-context";
import { paymentLinks, startedAuthorisation } from "./payment-wire";

/**
 * POST /v1/{service}/{product}/{paymentId}/authorisations (an empty body, checked by the route): starts the SCA that
 * approves the payment, on the bank's pages (scaRedirect). Only a payment in RCVD that is in no
 * signing basket can be authorised; otherwise 409 CONFLICT. A payment whose PSU is known (PSU-ID
 * at initiation) may be approved by that PSU only; one from the single-SCA journey by the PSU who
 * logs in and reaches its debtor account.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function startPaymentAuthorisation(
  ctx: PaymentContext,
  request: { tpp: TppIdentity; headers: PsuHeaders; service: PaymentService; product: PaymentProduct; paymentId: string },
) {
  const { tpp, headers } = request;
  const found = await findTppPayment(ctx.db, {
    tppId: tpp.id,
    service: request.service,
    product: request.product,
    paymentId: request.paymentId,
  });
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) throw new BankError(identified.problem.code, identified.problem.text, { path: identified.problem.path });
  const back = checkScaStart(headers, {
    named: identified.customer,
    customerId: found.customerId,
    owner: "the one who initiated the payment",
  });
  const expectedCustomerId = found.customerId ?? identified.customer?.id;
  return ctx.db.transaction(async (tx) => {
    const payment = await createPaymentsRepository(tx).findByIdForUpdate(found.id);
    if (!payment) throw unknownPayment(found.id);
    if (payment.basketId !== null) {
      throw new BankError("CONFLICT", `The payment ${payment.id} is in signing basket ${payment.basketId}: authorise the basket`);
    }
    if (payment.status !== "RCVD") {
      throw new BankError(
        "CONFLICT",
        payment.authorisedAt === null
          ? `The payment ${payment.id} is ${payment.status} and cannot be authorised any more`
          : `The payment ${payment.id} is already authorised (status ${payment.status})`,
      );
    }
    const journey = await startScaJourney(
      { db: tx, clock: ctx.clock, publicUrl: ctx.publicUrl },
      {
        tpp,
        purpose: "payment",
        ...back,
        resourceId: payment.id,
        ...(expectedCustomerId === undefined ? {} : { expectedCustomerId }),
        ...(payment.customerId !== null && payment.agreementId !== null ? { expectedAgreementId: payment.agreementId } : {}),
      },
    );
    return startedAuthorisation(journey, paymentLinks.scaStatus(payment, journey.authorisationId));
  });
}
