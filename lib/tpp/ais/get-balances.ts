import "server-only";
import { balancesResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { AccountBalances } from "./ais-types";
import { toAccountIdentification, toBalance } from "./to-app-types";

/**
 * An account's balances (GET /v1/accounts/{id}/balances): closingBooked, expected,
 * interimAvailable. Without the PSU present, the bank allows 4 calls per account per 24 hours.
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function getBalances(ctx: AspspContext, accountId: string): Promise<AccountBalances> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/accounts/${encodeURIComponent(accountId)}/balances`,
    schema: balancesResponseSchema,
    caller: ctx.caller,
  });
  return { account: toAccountIdentification(reply.value.account), balances: reply.value.balances.map(toBalance) };
}
