import type { PaymentContext } from "./payment-context";
import { feesOf } from "./payment-wire";
import { findReadablePayment, linksOf, type PaymentRead } from "./find-readable-payment";

/**
 * GET /v1/{service}/{product}/{paymentId}: the request body echoed (as validated: a deprecated
 * single structured remittance reads as the array), plus paymentId, transactionStatus,
 * fundsAvailable, the fees and _links.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export async function getPaymentDetails(ctx: PaymentContext, read: PaymentRead) {
  const payment = await findReadablePayment(ctx, read);
  return {
    ...payment.request,
    paymentId: payment.id,
    transactionStatus: payment.status,
    ...(payment.fundsAvailable === null ? {} : { fundsAvailable: payment.fundsAvailable }),
    ...feesOf(payment),
    _links: linksOf(payment),
  };
}
