import type { PaymentRef } from "./pis-types";

/** The path of a payment at the bank: /v1/{service}/{product}/{paymentId}. @see docs/interface/endpoints.md#success-statuses */
export function paymentPath(ref: PaymentRef): string {
  return `/v1/${ref.service}/${ref.product}/${encodeURIComponent(ref.paymentId)}`;
}
