import "server-only";
import { accountsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { BankAccount } from "./ais-types";
import { toBankAccount } from "./to-app-types";

/**
 * The accounts the PSU consented to (GET /v1/accounts), with their balances when asked. Without
 * a valid SCA the bank answers 401 with scaRedirect: an AspspError to hand to redirectToBankForSca.
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function listAccounts(ctx: AspspContext, options: { withBalance?: boolean } = {}): Promise<BankAccount[]> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: "/v1/accounts",
    query: { withBalance: options.withBalance === true ? "true" : undefined },
    schema: accountsResponseSchema,
    caller: ctx.caller,
  });
  return reply.value.accounts.map(toBankAccount);
}
