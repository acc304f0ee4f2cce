import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { cardTransactions, transactions } from "../db/schema";

/**
 * The sums of pending debits (negative pending amounts) of an account or card account: money
 * reserved but not yet booked, which the available balance leaves out. A query beside those of
 * transactions-repository.ts and card-transactions-repository.ts, on the same listing indexes.
 */
export function createPendingDebitsRepository(db: Executor) {
  return {
    /** The exact sum (decimal string at the storage scale) of an account's pending debits. */
    async sumForAccount(accountId: string): Promise<string> {
      const rows = await db
        .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.status, "pending"), lt(transactions.amount, "0")));
      return rows[0]?.sum ?? "0";
    },

    /** The exact sum of a card account's pending debits. */
    async sumForCardAccount(cardAccountId: string): Promise<string> {
      const rows = await db
        .select({ sum: sql<string>`coalesce(sum(${cardTransactions.amount}), 0)::text` })
        .from(cardTransactions)
        .where(and(eq(cardTransactions.cardAccountId, cardAccountId), eq(cardTransactions.status, "pending"), lt(cardTransactions.amount, "0")));
      return rows[0]?.sum ?? "0";
    },
  };
}

export type PendingDebitsRepository = ReturnType<typeof createPendingDebitsRepository>;
