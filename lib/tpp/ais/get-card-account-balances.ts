import "server-only";
import { balancesResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { AccountBalances } from "./ais-types";
import { toAccountIdentification, toBalance } from "./to-app-types";

/** A card account's balances (GET /v1/card-accounts/{id}/balances). @see docs/interface/accounts.md#accounts-balances-transactions */
export async function getCardAccountBalances(ctx: AspspContext, cardAccountId: string): Promise<AccountBalances> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/card-accounts/${encodeURIComponent(cardAccountId)}/balances`,
    schema: balancesResponseSchema,
    caller: ctx.caller,
  });
  return {
    account: toAccountIdentification(reply.value.cardAccount ?? reply.value.account),
    balances: reply.value.balances.map(toBalance),
  };
}
