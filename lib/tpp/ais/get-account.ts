import "server-only";
import { accountResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { BankAccount } from "./ais-types";
import { toBankAccount } from "./to-app-types";

/** One account (GET /v1/accounts/{id}). @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions */
export async function getAccount(ctx: AspspContext, accountId: string): Promise<BankAccount> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/accounts/${encodeURIComponent(accountId)}`,
    schema: accountResponseSchema,
    caller: ctx.caller,
  });
  return toBankAccount(reply.value.account);
}
