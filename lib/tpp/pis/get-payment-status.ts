import "server-only";
import { paymentStatusResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { paymentPath } from "./payment-path";
import type { PaymentRef, PaymentStatus } from "./pis-types";

/**
 * A payment's status (GET /v1/{service}/{product}/{paymentId}/status); fundsAvailable false tells
 * a rejection for lack of funds. Known issue: a Norwegian domestic payment is 404
 * RESOURCE_UNKNOWN (an AspspError) until the PSU approved it.
 * @see docs/interface/endpoints.md#other-operations, docs/interface/states.md#domestic-payment-before-approval; docs/interface/payments.md#payments-in-the-sandbox
 */
export async function getPaymentStatus(ctx: AspspContext, ref: PaymentRef): Promise<PaymentStatus> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `${paymentPath(ref)}/status`,
    schema: paymentStatusResponseSchema,
    caller: ctx.caller,
  });
  return { status: reply.value.transactionStatus, fundsAvailable: reply.value.fundsAvailable, psuMessage: reply.value.psuMessage };
}
