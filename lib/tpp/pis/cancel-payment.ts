import "server-only";
import { z } from "zod";
import type { AspspContext } from "../aspsp/aspsp-context";
import { paymentPath } from "./payment-path";
import type { PaymentRef } from "./pis-types";

// 204 has no body; whatever another bank might add to its reply carries nothing the TPP uses.
const deletedReplySchema = z.unknown();

/**
 * Deletes a payment (DELETE /v1/{service}/{product}/{paymentId}): 204, and the payment is CANC.
 * A payment in PDNG or in a final state cannot be deleted: 405 with the bank's reason in
 * tppMessages (an AspspError, for the page to explain).
 * @see docs/interface/endpoints.md#other-operations (DELETE on a payment), docs/interface/errors.md#error-codes; docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export async function cancelPayment(ctx: AspspContext, ref: PaymentRef): Promise<void> {
  await ctx.client.fetch({ method: "DELETE", path: paymentPath(ref), schema: deletedReplySchema, caller: ctx.caller });
}
