import "server-only";
import type { FailureRedirectParameters } from "../../psd2/schemas";
import { getAspspContext } from "../aspsp/aspsp-context";
import { getTppRuntime } from "../runtime";
import type { PendingAuthorisation } from "../session/psu-session";
import { readBasketAtBank } from "./read-basket-at-bank";

/**
 * After the bank's redirect for a basket's approval: reads the basket and each of its payments
 * at the bank and keeps them (source "callback"). A payment the bank does not show (a domestic
 * one never approved: the known issue) whose approval failed is kept as RJCT from the failure
 * redirect, as for a single payment. A reading that fails leaves them as they were.
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function completeBasketApproval(
  userId: string,
  authorisation: Extract<PendingAuthorisation, { kind: "basket" }>,
  failure: FailureRedirectParameters | undefined,
): Promise<void> {
  const { baskets, payments } = await getTppRuntime();
  const basket = await baskets.findByBankId(userId, authorisation.resourceId);
  if (basket === undefined) return;
  try {
    const ctx = await getAspspContext({ returnTo: authorisation.returnTo, method: "GET", flowId: authorisation.flowId });
    const read = await readBasketAtBank(ctx, { baskets, payments }, basket, { source: "callback" });
    if (failure === undefined) return;
    for (const payment of read.payments) {
      if (payment.hiddenByKnownIssue)
        await payments.recordStatusRead(userId, payment.record.id, {
          status: "RJCT",
          fundsAvailable: null,
          readAt: new Date(),
          source: "callback",
        });
    }
  } catch (error) {
    console.error(
      `tpp: the signing basket ${basket.basketId} could not be read after its approval: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
