import "server-only";
import { cardAccountsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { AspspError } from "../errors";
import type { CardAccount } from "./ais-types";
import { toCardAccount } from "./to-app-types";

/**
 * The card accounts the PSU consented to (GET /v1/card-accounts). The bank answers a PSU without
 * card accounts with 404 RESOURCE_UNKNOWN: that is an empty list here.
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export async function listCardAccounts(ctx: AspspContext, options: { withBalance?: boolean } = {}): Promise<CardAccount[]> {
  try {
    const reply = await ctx.client.fetch({
      method: "GET",
      path: "/v1/card-accounts",
      query: { withBalance: options.withBalance === true ? "true" : undefined },
      schema: cardAccountsResponseSchema,
      caller: ctx.caller,
    });
    return reply.value.cardAccounts.map(toCardAccount);
  } catch (error) {
    if (error instanceof AspspError && error.status === 404 && error.bankCode === "RESOURCE_UNKNOWN") return [];
    throw error;
  }
}
