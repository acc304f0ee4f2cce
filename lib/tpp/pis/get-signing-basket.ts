import "server-only";
import { signingBasketDetailsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { SigningBasketAtBank } from "./pis-types";
import { basketPath } from "./start-basket-authorisation";

/**
 * A signing basket (GET /v1/signing-baskets/{basketId}): its payments' ids and its status, the
 * worst case of theirs (RJCT if any was rejected, PATC if some are authorised, ACTC when all are,
 * RCVD before the SCA). Each payment's own status is read through its own status query.
 * @see docs/interface/states.md#basket-not-atomic; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function getSigningBasket(ctx: AspspContext, basketId: string): Promise<SigningBasketAtBank> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: basketPath(basketId),
    schema: signingBasketDetailsResponseSchema,
    caller: ctx.caller,
  });
  return { basketId, paymentIds: reply.value.payments, status: reply.value.transactionStatus };
}
