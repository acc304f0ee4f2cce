import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { transactions } from "../db/schema";
import { formatAmount } from "./money";
import type { TransactionRecord } from "./transactions-repository";

/**
 * The transactions a payment made on accounts (transactions.payment_id): its pending ones become
 * booked or rejected in place, keeping their ids, so that a transactionId never changes.
 */
export function createPaymentTransactionsRepository(db: Executor) {
  return {
    /** The pending transactions of a payment on one account, in the order they were made. */
    async listPending(paymentId: string): Promise<TransactionRecord[]> {
      const rows = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.paymentId, paymentId), eq(transactions.status, "pending")))
        .orderBy(transactions.seq);
      return rows.map((row) => ({ ...row, amount: formatAmount(row.amount, row.currency) }));
    },

    /** Every transaction a payment made, in the order they were made (tests and the details read them). */
    async listByPayment(paymentId: string): Promise<TransactionRecord[]> {
      const rows = await db.select().from(transactions).where(eq(transactions.paymentId, paymentId)).orderBy(transactions.seq);
      return rows.map((row) => ({ ...row, amount: formatAmount(row.amount, row.currency) }));
    },

    /** Books a pending transaction on a date: it keeps its id; the booking date orders it in the listing. */
    async book(id: string, bookingDate: string): Promise<void> {
      await db.update(transactions).set({ status: "booked", bookingDate, sortDate: bookingDate }).where(eq(transactions.id, id));
    },

    /** Marks a pending transaction rejected (the payment was refused): it stays readable with bookingStatus=all. */
    async reject(id: string): Promise<void> {
      await db.update(transactions).set({ status: "rejected" }).where(eq(transactions.id, id));
    },

    /** Removes the pending transactions of a payment that was cancelled before it was executed. */
    async deletePending(paymentId: string): Promise<void> {
      await db.delete(transactions).where(and(eq(transactions.paymentId, paymentId), eq(transactions.status, "pending")));
    },
  };
}
