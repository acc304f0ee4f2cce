import { asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { agreementAccounts, agreements } from "../db/schema";

export type AgreementRow = typeof agreements.$inferSelect;
export type NewAgreement = typeof agreements.$inferInsert;
/** An agreement with the ids of the accounts it covers (its engagements), in a stable order. */
export type AgreementRecord = AgreementRow & { accountIds: string[] };

/** Corporate agreements: a customer acts for an organisation on the agreement's accounts. */
export function createAgreementsRepository(db: Executor) {
  async function withAccounts(rows: AgreementRow[]): Promise<AgreementRecord[]> {
    if (rows.length === 0) return [];
    const links = await db
      .select()
      .from(agreementAccounts)
      .where(
        inArray(
          agreementAccounts.agreementId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(agreementAccounts.agreementId), asc(agreementAccounts.accountId));
    return rows.map((row) => ({
      ...row,
      accountIds: links.filter((link) => link.agreementId === row.id).map((link) => link.accountId),
    }));
  }

  async function addAccounts(agreementId: string, accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    await db
      .insert(agreementAccounts)
      .values(accountIds.map((accountId) => ({ agreementId, accountId })))
      .onConflictDoNothing();
  }

  return {
    async findById(id: string): Promise<AgreementRecord | undefined> {
      const rows = await db.select().from(agreements).where(eq(agreements.id, id));
      return (await withAccounts(rows))[0];
    },

    async listByCustomer(customerId: string): Promise<AgreementRecord[]> {
      const rows = await db
        .select()
        .from(agreements)
        .where(eq(agreements.customerId, customerId))
        .orderBy(asc(agreements.name), asc(agreements.id));
      return withAccounts(rows);
    },

    async listByCustomers(customerIds: string[]): Promise<AgreementRecord[]> {
      if (customerIds.length === 0) return [];
      const rows = await db
        .select()
        .from(agreements)
        .where(inArray(agreements.customerId, customerIds))
        .orderBy(asc(agreements.name), asc(agreements.id));
      return withAccounts(rows);
    },

    /** Inserts an agreement with the accounts it covers. */
    async insert(agreement: NewAgreement, accountIds: string[]): Promise<AgreementRecord> {
      const rows = await db.insert(agreements).values(agreement).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting an agreement returned no row");
      await addAccounts(inserted.id, accountIds);
      return { ...inserted, accountIds: [...accountIds].sort() };
    },

    addAccounts,

    /**
     * Inserts agreements, or brings existing ones (same id) back to the given values; updating in
     * place keeps the psu-corporate-ids that reference them.
     */
    async upsertMany(rows: NewAgreement[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(agreements)
        .values(rows)
        .onConflictDoUpdate({
          target: agreements.id,
          set: {
            customerId: sql`excluded.customer_id`,
            name: sql`excluded.name`,
            organisationNumber: sql`excluded.organisation_number`,
            origin: sql`excluded.origin`,
          },
        });
    },

    /** Deletes every agreement whose id is not listed (their psu-corporate-ids cascade). */
    async deleteAllExcept(ids: string[]): Promise<number> {
      const deleted = await db
        .delete(agreements)
        .where(ids.length > 0 ? notInArray(agreements.id, ids) : undefined)
        .returning({ id: agreements.id });
      return deleted.length;
    },

    async insertAccountLinks(links: { agreementId: string; accountId: string }[]): Promise<void> {
      if (links.length === 0) return;
      await db.insert(agreementAccounts).values(links).onConflictDoNothing();
    },
  };
}
