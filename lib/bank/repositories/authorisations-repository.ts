import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { authorisations } from "../db/schema";

export type AuthorisationRecord = typeof authorisations.$inferSelect;
export type NewAuthorisation = typeof authorisations.$inferInsert;
export type AuthorisationPurpose = AuthorisationRecord["purpose"];
export type ScaStatus = AuthorisationRecord["scaStatus"];
export type AuthorisationChanges = Partial<
  Pick<AuthorisationRecord, "token" | "scaStatus" | "loginFailures" | "customerId" | "context" | "agreementId" | "finishedAt">
>;

/** SCA journeys (the scaRedirect link and what the PSU did on the bank's pages). */
export function createAuthorisationsRepository(db: Executor) {
  return {
    async insert(authorisation: NewAuthorisation): Promise<AuthorisationRecord> {
      const rows = await db.insert(authorisations).values(authorisation).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting an authorisation returned no row");
      return inserted;
    },

    async findById(id: string): Promise<AuthorisationRecord | undefined> {
      const rows = await db.select().from(authorisations).where(eq(authorisations.id, id));
      return rows[0];
    },

    /**
     * Changes a journey only if it is still in the state it was read in (same status and secret):
     * two submissions of one page cannot both move it on. Returns the changed row, or undefined.
     */
    async updateIfUnchanged(
      id: string,
      expected: { scaStatus: ScaStatus; token: string },
      changes: AuthorisationChanges,
    ): Promise<AuthorisationRecord | undefined> {
      const rows = await db
        .update(authorisations)
        .set(changes)
        .where(and(eq(authorisations.id, id), eq(authorisations.scaStatus, expected.scaStatus), eq(authorisations.token, expected.token)))
        .returning();
      return rows[0];
    },
  };
}
