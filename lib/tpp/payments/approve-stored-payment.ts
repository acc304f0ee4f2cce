import "server-only";
import { notFound } from "next/navigation";
import { getAspspContext } from "../aspsp/aspsp-context";
import { redirectToBankForSca } from "../flows/redirect-to-bank-for-sca";
import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import type { PayerIdentity } from "../pis/pis-types";
import { startPaymentAuthorisation } from "../pis/start-payment-authorisation";
import { getTppRuntime } from "../runtime";
import { submitOutcomeOf } from "./payment-outcomes";
import { paymentPagePath } from "./submit-payment";

/**
 * Starts (again) the approval of a kept payment the PSU has not approved yet, e.g. after leaving
 * the bank's page: POST /v1/{service}/{product}/{paymentId}/authorisations (empty body), then to
 * the bank. The payer is named by the PSU-ID when the user has one by now, else as at the
 * single-SCA initiation (PSU-Context): the national identity number is never kept. Returns the
 * bank's refusal (e.g. 409: approved meanwhile, or in a basket); a Server Action helper.
 * @see docs/interface/endpoints.md#success-statuses (authorisations), docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function approveStoredPayment(userId: string, id: string): Promise<PaymentSubmitOutcome> {
  const { payments } = await getTppRuntime();
  const record = await payments.findById(userId, id);
  if (record === undefined) notFound();
  const returnTo = paymentPagePath(record.id);
  const ctx = await getAspspContext({ returnTo });
  const payer: PayerIdentity = ctx.caller.psuId !== undefined ? { kind: "psu-id" } : { kind: "single-sca", context: record.psuContext };
  const href = `/v1/${record.service}/${record.product}/${encodeURIComponent(record.paymentId)}/authorisations`;
  let scaStart;
  try {
    scaStart = await startPaymentAuthorisation(ctx, href, payer);
  } catch (error) {
    return submitOutcomeOf(error);
  }
  return redirectToBankForSca(scaStart, { kind: "payment", resourceId: record.paymentId, returnTo });
}
