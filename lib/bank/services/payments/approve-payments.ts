import type { Executor } from "../../db/open-bank-database";
import { createPaymentsRepository, type PaymentRow, type PaymentStatus } from "../../repositories/payments-repository";
import type { PsuContextChoice } from "../account-information/account-scope";
import { executePayment, lockPaymentAccounts, reservePayment } from "./book-payment";

export type ApprovalOutcome = { paymentId: string; status: PaymentStatus; fundsAvailable?: boolean };

/**
 * What a completed SCA does to payments in RCVD (locked by the caller, in the caller's
 * transaction): each is authorised by the customer in the chosen context and then follows
 * docs/interface/payments.md#payments-in-the-sandbox on its own. Periodic: ACCP. Instant, due today: executed at once, ACSC, or RJCT
 * with fundsAvailable false when the funds do not suffice. Others: ACTC, or PDNG when the
 * execution date is in the future, with their debits reserved as pending transactions.
 *
 * @see docs/interface/payments.md#lifecycle, docs/interface/signing-baskets.md#rules-in-the-sandbox (one SCA approves every payment of a basket; not atomic)
 */
export async function approvePayments(
  tx: Executor,
  payments: readonly PaymentRow[],
  approver: { customerId: string; choice: PsuContextChoice },
  clock: { now: Date; today: string },
): Promise<ApprovalOutcome[]> {
  const repository = createPaymentsRepository(tx);
  const { now, today } = clock;
  const executesNow = (payment: PaymentRow) =>
    payment.service !== "periodic-payments" &&
    payment.product === "instant-norwegian-credit-transfers-straks" &&
    payment.executionDate <= today;
  // Every account an instant execution touches, locked once, in order, before any is read.
  await lockPaymentAccounts(tx, payments.filter(executesNow));
  const outcomes: ApprovalOutcome[] = [];
  for (const payment of payments) {
    const owner = {
      customerId: approver.customerId,
      psuContext: approver.choice.context,
      agreementId: approver.choice.context === "CORPORATE" ? approver.choice.agreement.id : null,
      authorisedAt: now,
      statusChangedAt: now,
    };
    if (payment.service === "periodic-payments") {
      await repository.update(payment.id, { ...owner, status: "ACCP" });
      outcomes.push({ paymentId: payment.id, status: "ACCP" });
    } else if (executesNow(payment)) {
      const { fundsAvailable } = await executePayment(
        tx,
        payment,
        { bookingDate: today, valueDate: today },
        { now, recordRejection: false },
      );
      const status = fundsAvailable ? "ACSC" : "RJCT";
      await repository.update(payment.id, { ...owner, status, fundsAvailable });
      outcomes.push({ paymentId: payment.id, status, fundsAvailable });
    } else {
      const status = payment.executionDate > today ? "PDNG" : "ACTC";
      await reservePayment(tx, payment, payment.executionDate, now);
      await repository.update(payment.id, { ...owner, status });
      outcomes.push({ paymentId: payment.id, status });
    }
  }
  return outcomes;
}

/**
 * What a failed or cancelled SCA does to payments still in RCVD (locked by the caller): RJCT;
 * fundsAvailable false when it failed for lack of funds (PAYMENT_FAILED).
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox ("SCA failed or cancelled: RJCT"), docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function rejectUnauthorisedPayments(tx: Executor, payments: readonly PaymentRow[], code: string, now: Date): Promise<void> {
  const repository = createPaymentsRepository(tx);
  for (const payment of payments) {
    if (payment.status !== "RCVD") continue;
    await repository.update(payment.id, {
      status: "RJCT",
      statusChangedAt: now,
      ...(code === "PAYMENT_FAILED" ? { fundsAvailable: false } : {}),
    });
  }
}
