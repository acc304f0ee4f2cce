import type { PaymentProduct, PaymentService } from "../../../psd2/schemas";
import type { PaymentRow } from "../../repositories/payments-repository";
import type { Links } from "../../../psd2/schemas";
import { findTppPayment, unknownPayment } from "./find-tpp-payment";
import type { PaymentContext } from "./payment-context";
import { paymentLinks } from "./payment-wire";

/** A read of a payment: the TPP, and the service, product (checked by the route) and id of the path. */
export type PaymentRead = { tppId: string; service: PaymentService; product: PaymentProduct; paymentId: string };

/** Why the TPP's own domestic payment reads as unknown while the known issue is reproduced. */
export const KNOWN_ISSUE_NOTE =
  "Known issue of the bank, reproduced by the sandbox: a Norwegian domestic payment's status and details are 404 until the PSU has approved it (BANK_DOMESTIC_DETAILS_KNOWN_ISSUE=false shows them)";

/** What the PSU may be told of a payment's state. */
const PSU_MESSAGES: Partial<Record<PaymentRow["status"], string>> = {
  RJCT: "The payment was rejected.",
  CANC: "The payment was cancelled.",
};

/**
 * A payment of this TPP for its status and details. The spec's known issue (switch
 * BANK_DOMESTIC_DETAILS_KNOWN_ISSUE, on by default): a norwegian-domestic-credit-transfers
 * payment is 404 RESOURCE_UNKNOWN, as if unknown, until the PSU has approved it.
 *
 * @see docs/interface/states.md#domestic-payment-before-approval; docs/interface/payments.md#payments-in-the-sandbox
 */
export async function findReadablePayment(ctx: PaymentContext, read: PaymentRead): Promise<PaymentRow> {
  const payment = await findTppPayment(ctx.db, read);
  if (ctx.domesticDetailsKnownIssue && payment.product === "norwegian-domestic-credit-transfers" && payment.authorisedAt === null) {
    // The same code as the real bank's; the text tells the TPP's developer why (its own payment only).
    throw unknownPayment(read.paymentId, KNOWN_ISSUE_NOTE);
  }
  return payment;
}

export function psuMessageOf(payment: PaymentRow): string | undefined {
  if (payment.status === "RJCT" && payment.fundsAvailable === false)
    return "The payment was rejected: the account did not have enough funds.";
  return PSU_MESSAGES[payment.status];
}

/** The links of a payment's replies: itself, its status, and startAuthorisation while it awaits one. */
export function linksOf(payment: PaymentRow): Links {
  return {
    self: paymentLinks.self(payment),
    status: paymentLinks.status(payment),
    ...(payment.status === "RCVD" && payment.basketId === null ? { startAuthorisation: paymentLinks.startAuthorisation(payment) } : {}),
  };
}
