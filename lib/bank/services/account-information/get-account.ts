import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createReadAuthorisationsRepository } from "../../repositories/read-authorisations-repository";
import { toWireAccount } from "./ais-wire";
import { type AisRequest, authorizeResourceRead } from "./authorize-resource-read";
import type { ServiceContext } from "../service-context";

/** GET /v1/accounts/{accountId}: one consented account. @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions */
export async function getAccount(ctx: ServiceContext, request: AisRequest, accountId: string) {
  const { resource } = await authorizeResourceRead(ctx, request, {
    type: "account",
    id: accountId,
    kind: "details",
    load: (db, id) => createAccountsRepository(db).findById(id),
    facts: (db, key) => createReadAuthorisationsRepository(db).forAccount(key),
  });
  return { account: toWireAccount(resource) };
}
