/**
 * What a payment's status means for the app: whether it can still change on its own, whether it
 * can be cancelled or approved. Pure: pages and flows share it.
 */
import type { PaymentService, TransactionStatus } from "../../psd2/schemas";

/** Statuses after which nothing more happens to a payment. @see docs/interface/payments.md#payments-in-the-sandbox */
const FINAL_STATUSES: ReadonlySet<TransactionStatus> = new Set(["ACSC", "RJCT", "CANC"]);

/**
 * Whether the status will not change without the PSU: final, or a standing order (periodic
 * payment) accepted and executing on its dates (ACCP), which the page need not poll for.
 */
export function isSettledStatus(service: PaymentService, status: TransactionStatus): boolean {
  return FINAL_STATUSES.has(status) || (service === "periodic-payments" && status === "ACCP");
}

/** Whether the status is final: the payment is paid, rejected or cancelled. */
export function isFinalStatus(status: TransactionStatus): boolean {
  return FINAL_STATUSES.has(status);
}

/**
 * Whether the bank deletes a payment in this status: RCVD (not yet approved), ACTC (approved,
 * awaiting the batch run) and ACCP (a standing order); not PDNG or a final status (405).
 * @see docs/interface/payments.md#delete
 */
export function isCancellableStatus(status: TransactionStatus): boolean {
  return status === "RCVD" || status === "ACTC" || status === "ACCP";
}
