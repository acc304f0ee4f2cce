import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { createReadAuthorisationsRepository } from "../../repositories/read-authorisations-repository";
import { type AisRequest, authorizeResourceRead } from "./authorize-resource-read";
import { computeCardAccountBalances } from "./compute-balances";
import { runCountedRead } from "./run-counted-read";
import type { ServiceContext } from "../service-context";

/** GET /v1/card-accounts/{cardAccountId}/balances, as for accounts. @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/limits.md#what-the-sandbox-enforces */
export async function getCardAccountBalances(ctx: ServiceContext, request: AisRequest, cardAccountId: string) {
  const access = await authorizeResourceRead(ctx, request, {
    type: "card-account",
    id: cardAccountId,
    kind: "balances",
    load: (db, id) => createCardAccountsRepository(db).findById(id),
    facts: (db, key) => createReadAuthorisationsRepository(db).forCardAccount(key),
  });
  const balances = await runCountedRead(ctx, access, (db) => computeCardAccountBalances(db, ctx.clock, access.resource));
  return { cardAccount: { maskedPan: access.resource.maskedPan, currency: access.resource.currency }, balances };
}
