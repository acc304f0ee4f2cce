import "server-only";
import { z } from "zod";
import type { AspspContext } from "../aspsp/aspsp-context";
import { basketPath } from "./start-basket-authorisation";

/**
 * Deletes a signing basket not yet authorised (DELETE /v1/signing-baskets/{basketId}): 204; its
 * payments stay, outside any basket. After an authorisation the bank refuses (an AspspError).
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function deleteSigningBasket(ctx: AspspContext, basketId: string): Promise<void> {
  await ctx.client.fetch({ method: "DELETE", path: basketPath(basketId), schema: z.unknown(), caller: ctx.caller });
}
