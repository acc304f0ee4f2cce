import "server-only";
import type { AspspContext } from "../aspsp/aspsp-context";
import { paymentPath } from "./payment-path";
import type { PaymentDetails, PaymentRef } from "./pis-types";
import { paymentDetailsReplySchema, toPaymentDetails } from "./to-payment-details";

/**
 * A payment's details (GET /v1/{service}/{product}/{paymentId}): the request as the bank keeps
 * it, with its status, for single, periodic and bulk payments alike. Known issue: a Norwegian
 * domestic payment is 404 RESOURCE_UNKNOWN (an AspspError) until the PSU approved it.
 * @see docs/interface/states.md#domestic-payment-before-approval; docs/interface/payments.md#payments-in-the-sandbox
 */
export async function getPayment(ctx: AspspContext, ref: PaymentRef): Promise<PaymentDetails> {
  const reply = await ctx.client.fetch({ method: "GET", path: paymentPath(ref), schema: paymentDetailsReplySchema, caller: ctx.caller });
  return toPaymentDetails(ref, reply.value);
}
