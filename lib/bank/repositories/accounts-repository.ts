import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { accounts } from "../db/schema";
import { chunk } from "./chunk";
import { formatAmount } from "./money";

export type AccountRecord = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

/** Amounts as the wire wants them: the currency's fraction digits ("1250.00", not "1250.00000"). */
export function toAccountRecord(row: AccountRecord): AccountRecord {
  return {
    ...row,
    bookedBalance: formatAmount(row.bookedBalance, row.currency),
    creditLimit: formatAmount(row.creditLimit, row.currency),
  };
}

/** Customers' payment accounts (not card accounts). */
export function createAccountsRepository(db: Executor) {
  return {
    async findById(id: string): Promise<AccountRecord | undefined> {
      const rows = await db.select().from(accounts).where(eq(accounts.id, id));
      return rows[0] && toAccountRecord(rows[0]);
    },

    /**
     * Reads an account and locks its row until the transaction ends (SELECT ... FOR UPDATE): call
     * it inside a transaction before changing the balance, so that concurrent bookings serialise.
     */
    async findByIdForUpdate(id: string): Promise<AccountRecord | undefined> {
      const rows = await db.select().from(accounts).where(eq(accounts.id, id)).for("update");
      return rows[0] && toAccountRecord(rows[0]);
    },

    async findByBban(bban: string): Promise<AccountRecord | undefined> {
      const rows = await db.select().from(accounts).where(eq(accounts.bban, bban));
      return rows[0] && toAccountRecord(rows[0]);
    },

    async findByIban(iban: string): Promise<AccountRecord | undefined> {
      const rows = await db.select().from(accounts).where(eq(accounts.iban, iban));
      return rows[0] && toAccountRecord(rows[0]);
    },

    async findByIds(ids: string[]): Promise<AccountRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(accounts).where(inArray(accounts.id, ids)).orderBy(asc(accounts.createdAt), asc(accounts.id));
      return rows.map(toAccountRecord);
    },

    /** A customer's accounts in a stable order: by creation, then id. */
    async listByCustomer(customerId: string): Promise<AccountRecord[]> {
      const rows = await db
        .select()
        .from(accounts)
        .where(eq(accounts.customerId, customerId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id));
      return rows.map(toAccountRecord);
    },

    async listByCustomers(customerIds: string[]): Promise<AccountRecord[]> {
      if (customerIds.length === 0) return [];
      const rows = await db
        .select()
        .from(accounts)
        .where(inArray(accounts.customerId, customerIds))
        .orderBy(asc(accounts.createdAt), asc(accounts.id));
      return rows.map(toAccountRecord);
    },

    /** The accounts with any of these BBANs or IBANs. */
    async findByBbansOrIbans(bbans: string[], ibans: string[]): Promise<AccountRecord[]> {
      if (bbans.length === 0 && ibans.length === 0) return [];
      const conditions = [];
      if (bbans.length > 0) conditions.push(inArray(accounts.bban, bbans));
      if (ibans.length > 0) conditions.push(inArray(accounts.iban, ibans));
      const rows = await db
        .select()
        .from(accounts)
        .where(or(...conditions));
      return rows.map(toAccountRecord);
    },

    /** Inserts an account unless its id, BBAN or IBAN is taken (then undefined): the caller draws another number. */
    async insertIfNumbersFree(account: NewAccount): Promise<AccountRecord | undefined> {
      const rows = await db.insert(accounts).values(account).onConflictDoNothing().returning();
      return rows[0] && toAccountRecord(rows[0]);
    },

    async insert(account: NewAccount): Promise<AccountRecord> {
      const rows = await db.insert(accounts).values(account).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting an account returned no row");
      return toAccountRecord(inserted);
    },

    /** Inserts many accounts in batches. */
    async insertMany(rows: NewAccount[]): Promise<void> {
      for (const batch of chunk(rows)) await db.insert(accounts).values(batch);
    },

    /**
     * Adds an amount (negative for a debit) to the booked balance in the database, exactly
     * (numeric), and returns the new balance.
     */
    async addToBookedBalance(id: string, amount: string): Promise<string> {
      const rows = await db
        .update(accounts)
        .set({ bookedBalance: sql`${accounts.bookedBalance} + ${amount}::numeric` })
        .where(eq(accounts.id, id))
        .returning({ bookedBalance: accounts.bookedBalance, currency: accounts.currency });
      const row = rows[0];
      if (!row) throw new Error(`no account ${id} to book on`);
      return formatAmount(row.bookedBalance, row.currency);
    },

    /** Sets the booked balance (the sandbox balance operation). */
    async setBookedBalance(id: string, amount: string): Promise<void> {
      await db.update(accounts).set({ bookedBalance: amount }).where(eq(accounts.id, id));
    },

    /** Deletes every account; their transactions and agreement links cascade. */
    async deleteAll(): Promise<void> {
      await db.delete(accounts);
    },
  };
}
