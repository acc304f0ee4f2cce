import "server-only";
import { cardAccountResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { CardAccount } from "./ais-types";
import { toCardAccount } from "./to-app-types";

/** One card account (GET /v1/card-accounts/{id}). @see docs/interface/accounts.md#accounts-balances-transactions */
export async function getCardAccount(ctx: AspspContext, cardAccountId: string): Promise<CardAccount> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/card-accounts/${encodeURIComponent(cardAccountId)}`,
    schema: cardAccountResponseSchema,
    caller: ctx.caller,
  });
  return toCardAccount(reply.value.cardAccount);
}
