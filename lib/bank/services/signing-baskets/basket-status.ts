import type { PaymentRow } from "../../repositories/payments-repository";

/** The statuses of a payment the PSU has authorised. */
const AUTHORISED = new Set<PaymentRow["status"]>(["ACTC", "PDNG", "ACSP", "ACSC", "ACCP"]);

/**
 * A basket's transactionStatus, the worst case of its payments: RJCT if any was rejected, ACTC
 * when all are authorised, PATC when some are and some are not (still RCVD, or deleted: CANC),
 * RCVD before the SCA.
 *
 * @see docs/interface/states.md#basket-not-atomic; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export function computeBasketStatus(payments: readonly Pick<PaymentRow, "status">[]): "RCVD" | "ACTC" | "PATC" | "RJCT" {
  if (payments.some((payment) => payment.status === "RJCT")) return "RJCT";
  const authorised = payments.filter((payment) => AUTHORISED.has(payment.status)).length;
  if (authorised > 0 && authorised === payments.length) return "ACTC";
  return authorised > 0 ? "PATC" : "RCVD";
}
