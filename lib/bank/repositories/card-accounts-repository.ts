import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { cardAccounts } from "../db/schema";
import { chunk } from "./chunk";
import { formatAmount } from "./money";

export type CardAccountRecord = typeof cardAccounts.$inferSelect;
export type NewCardAccount = typeof cardAccounts.$inferInsert;

export function toCardAccountRecord(row: CardAccountRecord): CardAccountRecord {
  return {
    ...row,
    bookedBalance: formatAmount(row.bookedBalance, row.currency),
    creditLimit: formatAmount(row.creditLimit, row.currency),
  };
}

/** Card (credit card) accounts. */
export function createCardAccountsRepository(db: Executor) {
  return {
    async findById(id: string): Promise<CardAccountRecord | undefined> {
      const rows = await db.select().from(cardAccounts).where(eq(cardAccounts.id, id));
      return rows[0] && toCardAccountRecord(rows[0]);
    },

    /** Reads a card account and locks its row until the transaction ends (SELECT ... FOR UPDATE). */
    async findByIdForUpdate(id: string): Promise<CardAccountRecord | undefined> {
      const rows = await db.select().from(cardAccounts).where(eq(cardAccounts.id, id)).for("update");
      return rows[0] && toCardAccountRecord(rows[0]);
    },

    async findByIds(ids: string[]): Promise<CardAccountRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(cardAccounts)
        .where(inArray(cardAccounts.id, ids))
        .orderBy(asc(cardAccounts.createdAt), asc(cardAccounts.id));
      return rows.map(toCardAccountRecord);
    },

    async listByCustomer(customerId: string): Promise<CardAccountRecord[]> {
      const rows = await db
        .select()
        .from(cardAccounts)
        .where(eq(cardAccounts.customerId, customerId))
        .orderBy(asc(cardAccounts.createdAt), asc(cardAccounts.id));
      return rows.map(toCardAccountRecord);
    },

    async listByCustomers(customerIds: string[]): Promise<CardAccountRecord[]> {
      if (customerIds.length === 0) return [];
      const rows = await db
        .select()
        .from(cardAccounts)
        .where(inArray(cardAccounts.customerId, customerIds))
        .orderBy(asc(cardAccounts.createdAt), asc(cardAccounts.id));
      return rows.map(toCardAccountRecord);
    },

    async insert(cardAccount: NewCardAccount): Promise<CardAccountRecord> {
      const rows = await db.insert(cardAccounts).values(cardAccount).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting a card account returned no row");
      return toCardAccountRecord(inserted);
    },

    async insertMany(rows: NewCardAccount[]): Promise<void> {
      for (const batch of chunk(rows)) await db.insert(cardAccounts).values(batch);
    },

    /** Adds an amount (negative for a purchase) to the booked balance, exactly; returns the new balance. */
    async addToBookedBalance(id: string, amount: string): Promise<string> {
      const rows = await db
        .update(cardAccounts)
        .set({ bookedBalance: sql`${cardAccounts.bookedBalance} + ${amount}::numeric` })
        .where(eq(cardAccounts.id, id))
        .returning({ bookedBalance: cardAccounts.bookedBalance, currency: cardAccounts.currency });
      const row = rows[0];
      if (!row) throw new Error(`no card account ${id} to book on`);
      return formatAmount(row.bookedBalance, row.currency);
    },

    async setBookedBalance(id: string, amount: string): Promise<void> {
      await db.update(cardAccounts).set({ bookedBalance: amount }).where(eq(cardAccounts.id, id));
    },

    /** Deletes every card account; their card transactions cascade. */
    async deleteAll(): Promise<void> {
      await db.delete(cardAccounts);
    },
  };
}
