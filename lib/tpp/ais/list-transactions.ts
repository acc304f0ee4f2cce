import "server-only";
import { transactionsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { TransactionPage, TransactionQuery } from "./ais-types";
import { toPageLinks } from "./page-token";
import { toAccountIdentification, toAccountTransaction } from "./to-app-types";
import { toTransactionQuery } from "./transaction-query";

/**
 * A page of an account's transactions (GET /v1/accounts/{id}/transactions), newest first, with
 * tokens for the first, previous, next and last pages (the bank's paging links; following them
 * costs the same on every page). Known issue of the spec: with bookingStatus both or pending,
 * every pending transaction comes on every page, unfiltered by dates and limit.
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/limits.md#limits-in-the-spec
 */
export async function listTransactions(ctx: AspspContext, accountId: string, query: TransactionQuery): Promise<TransactionPage> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/accounts/${encodeURIComponent(accountId)}/transactions`,
    query: toTransactionQuery(query),
    schema: transactionsResponseSchema,
    caller: ctx.caller,
  });
  const { transactions } = reply.value;
  return {
    account: toAccountIdentification(reply.value.account),
    booked: (transactions.booked ?? []).map((t) => toAccountTransaction(t, "booked")),
    pending: (transactions.pending ?? []).map((t) => toAccountTransaction(t, "pending")),
    pages: toPageLinks(transactions._links),
  };
}
