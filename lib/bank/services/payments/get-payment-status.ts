import type { PaymentContext } from "./payment-context";
import { findReadablePayment, linksOf, type PaymentRead, psuMessageOf } from "./find-readable-payment";

/**
 * GET /v1/{service}/{product}/{paymentId}/status: transactionStatus, fundsAvailable (false when
 * rejected for lack of funds), a psuMessage for a rejected or cancelled payment, and _links.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox; docs/interface/accounts.md#account-information-notes (fundsAvailable)
 */
export async function getPaymentStatus(ctx: PaymentContext, read: PaymentRead) {
  const payment = await findReadablePayment(ctx, read);
  const psuMessage = psuMessageOf(payment);
  return {
    transactionStatus: payment.status,
    ...(payment.fundsAvailable === null ? {} : { fundsAvailable: payment.fundsAvailable }),
    ...(psuMessage ? { psuMessage } : {}),
    _links: linksOf(payment),
  };
}
