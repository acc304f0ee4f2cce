import type { Executor } from "../db/open-bank-database";
import { createPaymentsRepository } from "../repositories/payments-repository";
import { rejectUnauthorisedPayments } from "../services/payments/approve-payments";
import { confirmPayments, renderApprovalStep } from "./payment-purpose";
import type { ConfirmOutcome, PurposePageInput, PurposeState, ScaPurposeHandler } from "./sca-purposes";

/** The payments of a basket, locked in the order of their ids. */
async function lockBasketPayments(tx: Executor, basketId: string) {
  const payments = createPaymentsRepository(tx);
  const ids = (await payments.listByBasket(basketId)).map((payment) => payment.id);
  return payments.findManyForUpdate(ids);
}

/**
 * The approval of a signing basket: one page listing every payment (payer account, creditor,
 * amount, fee, date) and the total per currency; one Approve approves every payment still in
 * RCVD, each then going on by itself (not atomic: an instant one may be RJCT for lack of funds
 * while the others go on). Cancel, and every other failure, makes the payments in RCVD RJCT.
 *
 * @see docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export const basketPurpose = {
  request: "asks you to approve several payments at once",
  stepLabel: "Approve payments",
  reusesLogin: true,

  async renderStep(db: Executor, input: PurposePageInput): Promise<string> {
    const payments = await createPaymentsRepository(db).listByBasket(input.authorisation.resourceId ?? "");
    return renderApprovalStep(db, input, payments, { basket: true });
  },

  async confirmStep(tx: Executor, state: PurposeState, _fields: unknown, now: Date): Promise<ConfirmOutcome> {
    const waiting = (await lockBasketPayments(tx, state.authorisation.resourceId ?? "")).filter((payment) => payment.status === "RCVD");
    if (waiting.length === 0) {
      return {
        ok: false,
        failure: { code: "CONFLICT", message: "The payments of the basket can no longer be approved: none awaits approval" },
      };
    }
    return confirmPayments(tx, state, waiting, now, { failOnRejection: false });
  },

  async onFailure(tx: Executor, authorisation: { resourceId: string | null }, failure: { code: string }, now: Date): Promise<void> {
    if (failure.code === "CONFLICT") return;
    await rejectUnauthorisedPayments(tx, await lockBasketPayments(tx, authorisation.resourceId ?? ""), failure.code, now);
  },
} satisfies ScaPurposeHandler;
