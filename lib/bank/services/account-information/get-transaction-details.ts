import { BankError } from "../../errors";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createReadAuthorisationsRepository } from "../../repositories/read-authorisations-repository";
import { createTransactionsRepository } from "../../repositories/transactions-repository";
import { toWireTransaction } from "./ais-wire";
import { type AisRequest, authorizeResourceRead } from "./authorize-resource-read";
import { refuseOldHistory } from "./refuse-old-history";
import type { ServiceContext } from "../service-context";

/**
 * GET /v1/accounts/{accountId}/transactions/{transactionId}: one transaction with what the
 * listing leaves out. Without the PSU present, only transactions of the last 90 days.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox; docs/interface/versioning.md#versioning (transaction details endpoint)
 */
export async function getTransactionDetails(ctx: ServiceContext, request: AisRequest, accountId: string, transactionId: string) {
  const access = await authorizeResourceRead(ctx, request, {
    type: "account",
    id: accountId,
    kind: "transaction-details",
    load: (db, id) => createAccountsRepository(db).findById(id),
    facts: (db, key) => createReadAuthorisationsRepository(db).forAccount(key),
  });
  const transaction = await createTransactionsRepository(ctx.db).findInAccount(access.resource.id, transactionId);
  if (!transaction) {
    throw new BankError("RESOURCE_UNKNOWN", `The account has no transaction ${transactionId.slice(0, 64)}`, { path: "transactionId" });
  }
  const refusal = await refuseOldHistory(ctx, request, access, { date: transaction.sortDate, path: "transactionId" });
  if (refusal) throw refusal;
  return { transactionsDetails: toWireTransaction(transaction, "details") };
}
