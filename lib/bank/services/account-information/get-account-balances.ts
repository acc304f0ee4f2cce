import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createReadAuthorisationsRepository } from "../../repositories/read-authorisations-repository";
import { toWireAccountReference } from "./ais-wire";
import { type AisRequest, authorizeResourceRead } from "./authorize-resource-read";
import { computeAccountBalances } from "./compute-balances";
import { runCountedRead } from "./run-counted-read";
import type { ServiceContext } from "../service-context";

/**
 * GET /v1/accounts/{accountId}/balances: closingBooked, expected and interimAvailable, in the
 * account's currency. Without the PSU present, at most 4 calls per 24 hours.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/limits.md#what-the-sandbox-enforces; docs/interface/limits.md#limits-in-the-spec
 */
export async function getAccountBalances(ctx: ServiceContext, request: AisRequest, accountId: string) {
  const access = await authorizeResourceRead(ctx, request, {
    type: "account",
    id: accountId,
    kind: "balances",
    load: (db, id) => createAccountsRepository(db).findById(id),
    facts: (db, key) => createReadAuthorisationsRepository(db).forAccount(key),
  });
  const balances = await runCountedRead(ctx, access, (db) => computeAccountBalances(db, ctx.clock, access.resource));
  return { account: toWireAccountReference(access.resource), balances };
}
