import type { PaymentProduct, PaymentService } from "../../../psd2/schemas";
import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import { createPaymentsRepository, type PaymentRow } from "../../repositories/payments-repository";

/** The 404 PRODUCT_UNKNOWN of a path's payment product that is none of the bank's. @see docs/interface/endpoints.md#success-statuses */
export function unknownProduct(segment: unknown): BankError {
  return new BankError(
    "PRODUCT_UNKNOWN",
    `The payment product '${String(segment).slice(0, 60)}' is unknown; the products are norwegian-domestic-credit-transfers, sepa-credit-transfers and instant-norwegian-credit-transfers-straks`,
    { path: "payment-product" },
  );
}

/**
 * The 404 of a payment id that is unknown, another TPP's, or under another service or product: all
 * alike. `note` adds a sentence for the TPP's own payment (the known issue's 404), never for another's.
 */
export function unknownPayment(paymentId: string, note?: string): BankError {
  const text = `The payment ${paymentId.slice(0, 64)} is unknown for this TPP under this service and product`;
  return new BankError("RESOURCE_UNKNOWN", note === undefined ? text : `${text}. ${note}`, { path: "paymentId" });
}

/**
 * A payment of this TPP under the path's service and product; every other case (unknown id,
 * another TPP's payment, another service or product) is the same 404 RESOURCE_UNKNOWN, so that
 * nothing tells a TPP that another's payment exists.
 *
 * @see docs/interface/errors.md#statuses-by-code (404 RESOURCE_UNKNOWN), docs/interface/endpoints.md#success-statuses
 */
export async function findTppPayment(
  db: Executor,
  key: { tppId: string; service: PaymentService; product: PaymentProduct; paymentId: string },
): Promise<PaymentRow> {
  const payment = await createPaymentsRepository(db).findById(key.paymentId);
  if (!payment || payment.tppId !== key.tppId || payment.service !== key.service || payment.product !== key.product) {
    throw unknownPayment(key.paymentId);
  }
  return payment;
}
