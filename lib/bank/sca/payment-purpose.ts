import type { Executor } from "../db/open-bank-database";
import { createPaymentsRepository, type PaymentRow } from "../repositories/payments-repository";
import { approvePayments, rejectUnauthorisedPayments } from "../services/payments/approve-payments";
import { reachesDebtorAccount } from "../services/payments/resolve-debtor-account";
import { osloDateOf } from "../services/clock/sandbox-clock";
import { isRecord } from "../../psd2/validation/is-record";
import { actingAsOf } from "./acting-as";
import { describePaymentsForApproval } from "./describe-payments-for-approval";
import { renderPaymentApprovalPage } from "./pages/render-payment-approval-page";
import type { ConfirmOutcome, PurposePageInput, PurposeState, ScaPurposeHandler } from "./sca-purposes";

/** The approval page of payments (one, or a basket's) for the step of a journey. */
export async function renderApprovalStep(
  db: Executor,
  input: PurposePageInput,
  payments: readonly PaymentRow[],
  options: { basket: boolean },
): Promise<string> {
  return renderPaymentApprovalPage({
    bankName: input.bankName,
    formAction: input.formAction,
    token: input.token,
    tppName: input.tppName,
    requester: input.requester,
    steps: input.steps,
    actingAs: actingAsOf(input),
    payments: await describePaymentsForApproval(db, payments, { customerId: input.customer.id, choice: input.choice }),
    basket: options.basket,
    ...(input.error ? { error: input.error } : {}),
  });
}

/**
 * The PSU's approval of payments in RCVD (locked by the caller): each reachable in the chosen
 * context, then approved. With `failOnRejection` (a single payment), an instant payment rejected
 * for lack of funds fails the journey with PAYMENT_FAILED; a basket goes on without it.
 */
export async function confirmPayments(
  tx: Executor,
  state: PurposeState,
  payments: readonly PaymentRow[],
  now: Date,
  options: { failOnRejection: boolean },
): Promise<ConfirmOutcome> {
  for (const payment of payments) {
    const card = isRecord(payment.request.debtorAccount) && payment.request.debtorAccount.other !== undefined;
    const reachable = await reachesDebtorAccount(tx, state.customer.id, state.choice, {
      kind: card ? "card" : "bban",
      accountId: payment.debtorAccountId,
    });
    if (!reachable)
      return {
        ok: false,
        error: "You cannot pay from this account in the context you chose. Cancel, and start again from the service you came from.",
      };
  }
  const outcomes = await approvePayments(
    tx,
    payments,
    { customerId: state.customer.id, choice: state.choice },
    { now, today: osloDateOf(now) },
  );
  if (options.failOnRejection && outcomes.some((outcome) => outcome.status === "RJCT")) {
    return {
      ok: false,
      failure: { code: "PAYMENT_FAILED", message: "The payment was rejected: the account does not have enough funds for it (and its fee)" },
    };
  }
  return { ok: true };
}

/**
 * The approval of one payment (POST .../authorisations, or SEPA's implicit start): a page with
 * the payment's payer account, creditor, amount, fee and date (dynamic linking); Approve moves
 * it on (docs/interface/payments.md#payments-in-the-sandbox), or fails with PAYMENT_FAILED when an instant payment lacks funds;
 * Cancel, and every other failure, makes it RJCT. A payment no longer in RCVD (cancelled or
 * approved meanwhile) cannot be approved: the journey fails with 409 CONFLICT. The bank's
 * browser session stands in for the login.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export const paymentPurpose = {
  request: "asks you to approve a payment",
  stepLabel: "Approve payment",
  reusesLogin: true,

  async renderStep(db: Executor, input: PurposePageInput): Promise<string> {
    const payment = await createPaymentsRepository(db).findById(input.authorisation.resourceId ?? "");
    return renderApprovalStep(db, input, payment ? [payment] : [], { basket: false });
  },

  async confirmStep(tx: Executor, state: PurposeState, _fields: unknown, now: Date): Promise<ConfirmOutcome> {
    const payment = await createPaymentsRepository(tx).findByIdForUpdate(state.authorisation.resourceId ?? "");
    if (!payment || payment.status !== "RCVD" || payment.basketId !== null) {
      const why = !payment
        ? "it no longer exists"
        : payment.basketId !== null
          ? "it was put in a signing basket"
          : `its status is ${payment.status}`;
      return { ok: false, failure: { code: "CONFLICT", message: `The payment can no longer be approved: ${why}` } };
    }
    return confirmPayments(tx, state, [payment], now, { failOnRejection: true });
  },

  async onFailure(tx: Executor, authorisation: { resourceId: string | null }, failure: { code: string }, now: Date): Promise<void> {
    // A conflict means another request moved the payment: it is not this journey's to change.
    if (failure.code === "CONFLICT") return;
    const payment = await createPaymentsRepository(tx).findByIdForUpdate(authorisation.resourceId ?? "");
    if (!payment || payment.basketId !== null) return;
    await rejectUnauthorisedPayments(tx, [payment], failure.code, now);
  },
} satisfies ScaPurposeHandler;
