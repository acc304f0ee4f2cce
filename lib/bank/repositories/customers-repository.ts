import { asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { customers } from "../db/schema";

export type CustomerRecord = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

/** Sandbox customers: the PSUs who log in with a mocked national identity number. */
export function createCustomersRepository(db: Executor) {
  return {
    async findById(id: string): Promise<CustomerRecord | undefined> {
      const rows = await db.select().from(customers).where(eq(customers.id, id));
      return rows[0];
    },

    async findByCustomerNumber(customerNumber: string): Promise<CustomerRecord | undefined> {
      const rows = await db.select().from(customers).where(eq(customers.customerNumber, customerNumber));
      return rows[0];
    },

    /** Every customer: the initial ones first, then by creation. */
    async list(): Promise<CustomerRecord[]> {
      return db
        .select()
        .from(customers)
        .orderBy(sql`case when ${customers.origin} = 'initial' then 0 else 1 end`, asc(customers.createdAt), asc(customers.id));
    },

    async count(): Promise<number> {
      const rows = await db.select({ value: count() }).from(customers);
      return rows[0]?.value ?? 0;
    },

    /** Inserts a customer unless its customer number is taken (then undefined): one statement, no race. */
    async insertIfNumberFree(customer: NewCustomer): Promise<CustomerRecord | undefined> {
      const rows = await db.insert(customers).values(customer).onConflictDoNothing({ target: customers.customerNumber }).returning();
      return rows[0];
    },

    async insert(customer: NewCustomer): Promise<CustomerRecord> {
      const rows = await db.insert(customers).values(customer).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting a customer returned no row");
      return inserted;
    },

    /**
     * Inserts customers, or brings existing ones (same id) back to the given values. Updating in
     * place, instead of deleting and inserting, keeps the rows that reference them (psu_ids).
     */
    async upsertMany(rows: NewCustomer[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(customers)
        .values(rows)
        .onConflictDoUpdate({
          target: customers.id,
          set: {
            customerNumber: sql`excluded.customer_number`,
            name: sql`excluded.name`,
            type: sql`excluded.type`,
            origin: sql`excluded.origin`,
            createdAt: sql`excluded.created_at`,
          },
        });
    },

    /** Deletes every customer whose id is not listed (their accounts and the rest cascade). */
    async deleteAllExcept(ids: string[]): Promise<number> {
      const deleted = await db
        .delete(customers)
        .where(ids.length > 0 ? notInArray(customers.id, ids) : undefined)
        .returning({ id: customers.id });
      return deleted.length;
    },

    async findByIds(ids: string[]): Promise<CustomerRecord[]> {
      if (ids.length === 0) return [];
      return db.select().from(customers).where(inArray(customers.id, ids));
    },
  };
}
