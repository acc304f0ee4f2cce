import "server-only";
import { cardTransactionsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { CardTransactionPage, TransactionQuery } from "./ais-types";
import { toPageLinks } from "./page-token";
import { toBalance, toCardTransaction, toPendingCardTransaction } from "./to-app-types";
import { toTransactionQuery } from "./transaction-query";

/**
 * A page of a card account's transactions (GET /v1/card-accounts/{id}/transactions), with page
 * tokens as for accounts: the booked ones and the pending ones with their amounts (a bank that
 * names pending ones by id only is counted). The amounts follow the corrected mapping
 * (transactionAmount in the card's currency, originalAmount as charged).
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/versioning.md#versioning
 */
export async function getCardAccountTransactions(
  ctx: AspspContext,
  cardAccountId: string,
  query: TransactionQuery,
): Promise<CardTransactionPage> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/card-accounts/${encodeURIComponent(cardAccountId)}/transactions`,
    query: toTransactionQuery(query),
    schema: cardTransactionsResponseSchema,
    caller: ctx.caller,
  });
  const { cardAccount, cardTransactions, balances } = reply.value;
  return {
    maskedPan: cardAccount.maskedPan,
    booked: (cardTransactions.booked ?? []).map(toCardTransaction),
    pending: (cardTransactions.pending ?? []).flatMap((entry) => (typeof entry === "string" ? [] : [toPendingCardTransaction(entry)])),
    pendingWithoutDetails: (cardTransactions.pending ?? []).filter((entry) => typeof entry === "string").length,
    balances: balances?.map(toBalance),
    pages: toPageLinks(cardTransactions._links),
  };
}
