import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { createReadAuthorisationsRepository } from "../../repositories/read-authorisations-repository";
import { toWireCardAccount } from "./ais-wire";
import { type AisRequest, authorizeResourceRead } from "./authorize-resource-read";
import type { ServiceContext } from "../service-context";

/** GET /v1/card-accounts/{cardAccountId}: one consented card account. @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions */
export async function getCardAccount(ctx: ServiceContext, request: AisRequest, cardAccountId: string) {
  const { resource } = await authorizeResourceRead(ctx, request, {
    type: "card-account",
    id: cardAccountId,
    kind: "details",
    load: (db, id) => createCardAccountsRepository(db).findById(id),
    facts: (db, key) => createReadAuthorisationsRepository(db).forCardAccount(key),
  });
  return { cardAccount: toWireCardAccount(resource) };
}
