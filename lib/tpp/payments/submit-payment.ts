import "server-only";
import { redirect } from "next/navigation";
import { type AspspContext, getAspspContext } from "../aspsp/aspsp-context";
import { describeFlowFailure, recordFlowEnd, recordFlowStart } from "../flow-diagrams/record-flow";
import { redirectToBankForSca } from "../flows/redirect-to-bank-for-sca";
import type { PaymentDraft, PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import { startPaymentAuthorisation } from "../pis/start-payment-authorisation";
import { getTppRuntime } from "../runtime";
import { initiateWithIntent, type KeptPayment } from "./initiate-with-intent";
import { submitOutcomeOf } from "./payment-outcomes";

export type SubmitPaymentOutcome = PaymentSubmitOutcome;

/** The app's page of a payment it keeps. */
export function paymentPagePath(id: string): string {
  return `/payments/${encodeURIComponent(id)}`;
}

export type { KeptPayment } from "./initiate-with-intent";

/**
 * Initiates a payment at the bank and, when the bank takes it, keeps it in the TPP's database
 * (the request as sent, amount, debtor, creditor, fee, the status of the bank's 201) and names
 * its flow. The payment is written down (a durable intent, initiate-with-intent.ts) before its
 * request leaves, so that one the bank took is never lost should the app stop while it waits.
 * The bank's refusal, or an answer that did not come, comes back as the form's outcome.
 * @see docs/interface/endpoints.md#payment-creation-operation; docs/interface/payments.md#payments-in-the-sandbox
 */
export async function initiateAndKeepPayment(
  ctx: AspspContext,
  draft: PaymentDraft,
  options: { allowLogicalDuplicate: boolean },
): Promise<{ readonly kept: KeptPayment } | { readonly refused: SubmitPaymentOutcome }> {
  // The payment's flow starts here (its diagram: /flows/{flowId}), so a refused initiation is a flow too.
  const { flows, payments, intents } = await getTppRuntime();
  await recordFlowStart(flows, ctx.caller, { kind: "payment", path: "/payments/new", at: new Date() });
  const result = await initiateWithIntent({ intents, payments }, ctx, draft, options);
  if ("refused" in result) {
    const detail =
      result.error === undefined ? "Held back: an identical payment's answer was not received" : describeFlowFailure(result.error);
    await recordFlowEnd(flows, ctx.caller, { outcome: "failed", at: new Date(), detail });
    return { refused: result.refused };
  }
  const { record, initiated } = result.kept;
  await recordFlowStart(flows, ctx.caller, {
    kind: "payment",
    resourceId: initiated.ref.paymentId,
    path: paymentPagePath(record.id),
    at: new Date(),
  });
  return result;
}

/** Ends the flow of a payment kept to be approved later (in a signing basket). */
export async function keepForLater(ctx: AspspContext, kept: KeptPayment): Promise<void> {
  const { flows } = await getTppRuntime();
  const detail =
    kept.initiated.authorisation.kind === "none"
      ? "The bank asked for no approval"
      : "Kept to be approved later, with others in a signing basket";
  await recordFlowEnd(flows, ctx.caller, { outcome: "completed", at: new Date(), detail });
}

/**
 * Sends a payment the form describes to the bank and, when the bank takes it, keeps it in the
 * TPP's database and sends the PSU to the bank to approve it: POST startAuthorisation (Norwegian
 * domestic, instant) or the scaRedirect the bank already started (SEPA). The bank's callback
 * then lands on the payment's page. Returns only when the bank did not take the payment (a
 * rejection, a logical duplicate, a failure); a Server Action helper (it redirects). With
 * `approveLater` the payment stays waiting at the bank (RCVD), to be signed with others in a
 * signing basket from /payments.
 * @see docs/interface/endpoints.md#payment-creation-operation; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function submitPayment(
  draft: PaymentDraft,
  options: { allowLogicalDuplicate: boolean; approveLater?: boolean },
): Promise<SubmitPaymentOutcome> {
  const ctx = await getAspspContext({ returnTo: "/payments/new" });
  const result = await initiateAndKeepPayment(ctx, draft, options);
  if ("refused" in result) return result.refused;
  const { record, initiated } = result.kept;
  const { flows } = await getTppRuntime();
  const { caller } = ctx;
  const returnTo = paymentPagePath(record.id);
  const step = initiated.authorisation;
  if (step.kind === "none" || options.approveLater === true) {
    await keepForLater(ctx, result.kept);
    redirect(step.kind === "none" ? returnTo : `/payments?saved=${encodeURIComponent(record.id)}`);
  }
  let scaStart;
  try {
    scaStart = step.kind === "sca-redirect" ? step.scaStart : await startPaymentAuthorisation(ctx, step.href, draft.payer);
  } catch (error) {
    // The payment is at the bank and kept here: its page says so and offers the approval again
    // (the call and the bank's reply are in the request inspector).
    await recordFlowEnd(flows, caller, { outcome: "failed", at: new Date(), detail: describeFlowFailure(error) });
    submitOutcomeOf(error);
    redirect(`${returnTo}?approval=not-started`);
  }
  return redirectToBankForSca(scaStart, { kind: "payment", resourceId: initiated.ref.paymentId, returnTo });
}
