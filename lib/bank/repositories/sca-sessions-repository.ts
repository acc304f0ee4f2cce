import { and, desc, eq, isNull, max, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { scaSessions } from "../db/schema";

export type ScaSessionRecord = typeof scaSessions.$inferSelect;
export type NewScaSession = typeof scaSessions.$inferInsert;

/** Completed SCAs: each valid for one hour for (TPP, customer, TPP-Session-ID) until replaced. */
export function createScaSessionsRepository(db: Executor) {
  return {
    async insert(session: NewScaSession): Promise<void> {
      await db.insert(scaSessions).values(session);
    },

    /**
     * The newest SCA of (TPP, customer) under this TPP-Session-ID, valid or not. An unreplaced one
     * comes first: two SCAs completed at the same instant (a frozen sandbox clock) are told apart
     * by which one replaced the other.
     */
    async findLatest(tppId: string, customerId: string, tppSessionId: string): Promise<ScaSessionRecord | undefined> {
      const rows = await db
        .select()
        .from(scaSessions)
        .where(and(eq(scaSessions.tppId, tppId), eq(scaSessions.customerId, customerId), eq(scaSessions.tppSessionId, tppSessionId)))
        .orderBy(sql`${scaSessions.replacedAt} is null desc`, desc(scaSessions.authenticatedAt), desc(scaSessions.id))
        .limit(1);
      return rows[0];
    },

    /** When the customer last completed an SCA for this TPP (under any TPP-Session-ID). */
    async lastAuthenticatedAt(tppId: string, customerId: string): Promise<Date | undefined> {
      const rows = await db
        .select({ at: max(scaSessions.authenticatedAt) })
        .from(scaSessions)
        .where(and(eq(scaSessions.tppId, tppId), eq(scaSessions.customerId, customerId)));
      return rows[0]?.at ?? undefined;
    },

    /** Marks every other unreplaced SCA of (TPP, customer) replaced: a newer SCA completed. */
    async replaceOthers(tppId: string, customerId: string, keptId: string, at: Date): Promise<void> {
      await db
        .update(scaSessions)
        .set({ replacedAt: at })
        .where(
          and(
            eq(scaSessions.tppId, tppId),
            eq(scaSessions.customerId, customerId),
            ne(scaSessions.id, keptId),
            isNull(scaSessions.replacedAt),
          ),
        );
    },
  };
}
