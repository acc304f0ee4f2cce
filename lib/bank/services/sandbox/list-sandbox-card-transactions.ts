import type { SandboxContext } from "./sandbox-context";
import { BankError } from "../../errors";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { createCardTransactionsRepository } from "../../repositories/card-transactions-repository";
import type { SandboxCardTransactionsQuery } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxCardTransactionsResponse } from "../../../psd2/schemas";

/** The page size when no limit is given. @see docs/interface/limits.md#limits-in-the-spec */
export const DEFAULT_PAGE_SIZE = 200;

/**
 * GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: a card account's transactions
 * as the spec's sandbox shape. bookingStatus (booked, pending or both) is required; fromDate and
 * toDate (inclusive) filter on the booking date (the transaction date while pending); offset and
 * limit (at least 1, default 200) page each list. Amounts are decimal strings, not the int32 of
 * the spec's table (docs/interface/conventions.md#wire-conventions; amount-as-string is the default since 2020); pending holds
 * the ids of the pending card transactions, as the spec types it string[]. The query comes parsed
 * by the route's schema (sandboxCardTransactionsQuerySchema: bookingStatus there, offset and limit
 * numbers); a toDate before fromDate is refused here.
 *
 * Every card transaction of the account is listed: in this bank only the sandbox makes card
 * transactions (the initial dataset and the creation operation).
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing, docs/interface/sandbox-operations.md#card-account-transactions-listing
 */
export async function listSandboxCardTransactions(
  { db }: Pick<SandboxContext, "db">,
  cardAccountId: string,
  parameters: SandboxCardTransactionsQuery,
): Promise<SandboxCardTransactionsResponse> {
  const cardAccount = await createCardAccountsRepository(db).findById(cardAccountId);
  if (!cardAccount) throw new BankError("RESOURCE_UNKNOWN", `no sandbox card account has the id ${JSON.stringify(cardAccountId)}`);
  if (parameters.fromDate !== undefined && parameters.toDate !== undefined && parameters.fromDate > parameters.toDate) {
    throw new BankError("FORMAT_ERROR", `toDate ${parameters.toDate} is before fromDate ${parameters.fromDate}`, { path: "toDate" });
  }
  const page = {
    ...(parameters.fromDate === undefined ? {} : { dateFrom: parameters.fromDate }),
    ...(parameters.toDate === undefined ? {} : { dateTo: parameters.toDate }),
    limit: parameters.limit ?? DEFAULT_PAGE_SIZE,
    position: { offset: parameters.offset ?? 0 },
  };
  const cardTransactions = createCardTransactionsRepository(db);
  const wantsBooked = parameters.bookingStatus !== "pending";
  const wantsPending = parameters.bookingStatus !== "booked";
  const booked = wantsBooked ? (await cardTransactions.list(cardAccount.id, { ...page, status: "booked" })).rows : [];
  const pending = wantsPending ? (await cardTransactions.list(cardAccount.id, { ...page, status: "pending" })).rows : [];
  return {
    cardAccount: { maskedPan: cardAccount.maskedPan },
    cardTransactions: {
      booked: booked.map((t) => ({
        cardTransactionId: t.id,
        bookingDate: t.bookingDate ?? t.sortDate,
        transactionDate: t.transactionDate,
        transactionAmount: { currency: t.currency, amount: t.amount },
        originalAmount: { currency: t.originalCurrency, amount: t.originalAmount },
        merchantCategoryCode: t.merchantCategoryCode,
        ...(t.merchantName === null ? {} : { transactionDetails: t.merchantName }),
      })),
      pending: pending.map((t) => t.id),
    },
  };
}
