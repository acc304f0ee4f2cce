import type { TransactionStatus } from "../../psd2/schemas";
import type { PaymentDetails, PaymentRef } from "../pis/pis-types";
import { paymentDetailsReplySchema, toPaymentDetails } from "../pis/to-payment-details";

/**
 * A kept payment's details read from its request body as sent, shaped as the bank's details
 * reply is (the reply echoes the request): what the page shows when the bank does not show
 * them (the domestic known issue), and beside them when it does. Undefined for a body that
 * cannot be read.
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function storedPaymentDetails(ref: PaymentRef, status: TransactionStatus, requestBody: string): PaymentDetails | undefined {
  let body: unknown;
  try {
    body = JSON.parse(requestBody);
  } catch {
    return undefined;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const parsed = paymentDetailsReplySchema.safeParse({ ...body, transactionStatus: status });
  return parsed.success ? toPaymentDetails(ref, parsed.data) : undefined;
}
