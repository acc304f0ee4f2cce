import "server-only";
import type { FailureRedirectParameters } from "../../psd2/schemas";
import { getAspspContext } from "../aspsp/aspsp-context";
import type { PendingAuthorisation } from "../session/psu-session";
import { getTppRuntime } from "../runtime";
import { readPaymentAtBank } from "./read-payment-at-bank";

/**
 * After the bank's redirect for a payment's approval: reads the payment's status at the bank and
 * keeps it (source "callback"). When the bank does not show it (the known issue of a domestic
 * payment never approved), a failure redirect is the bank's word that the SCA failed, and a
 * payment whose SCA failed is rejected (docs/interface/payments.md#payments-in-the-sandbox): kept as RJCT from the callback. A reading
 * that fails leaves the payment as it was; its page reads it again.
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function completePaymentApproval(
  userId: string,
  authorisation: Extract<PendingAuthorisation, { kind: "payment" }>,
  failure: FailureRedirectParameters | undefined,
): Promise<void> {
  const { payments } = await getTppRuntime();
  const record = await payments.findByBankId(userId, authorisation.resourceId);
  if (record === undefined) return;
  try {
    const ctx = await getAspspContext({ returnTo: authorisation.returnTo, method: "GET", flowId: authorisation.flowId });
    const read = await readPaymentAtBank(ctx, payments, record, { source: "callback" });
    if (read.hiddenByKnownIssue && failure !== undefined) {
      await payments.recordStatusRead(userId, record.id, { status: "RJCT", fundsAvailable: null, readAt: new Date(), source: "callback" });
    }
  } catch (error) {
    console.error(
      `tpp: the status of payment ${record.paymentId} could not be read after its approval: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
