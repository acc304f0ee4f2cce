import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { refreshStates } from "../db/schema";

/** How long a lease holds without being renewed: a process killed midway frees the user after it. */
export const REFRESH_LEASE_MS = 2 * 60 * 1000;

/**
 * Each user's refresh lease and its last completed scheduled time. A lease is taken in one
 * statement that locks the user's row: of several app processes on one database exactly one gets
 * it; one whose holder died is taken over once it has run out.
 */
export function createRefreshStatesRepository(db: TppExecutor) {
  return {
    /**
     * Takes the user's lease for `holder` until `now` + REFRESH_LEASE_MS (system clock): true when
     * taken. With `slot`, only while that scheduled refresh has not completed yet (another
     * time than the last one completed: a sandbox clock moved back runs the time due once more).
     */
    async takeLease(userId: string, holder: string, now: Date, slot?: Date): Promise<boolean> {
      const until = new Date(now.getTime() + REFRESH_LEASE_MS);
      await db.insert(refreshStates).values({ userId }).onConflictDoNothing();
      const rows = await db
        .update(refreshStates)
        .set({ leaseHolder: holder, leaseUntil: until })
        .where(
          and(
            eq(refreshStates.userId, userId),
            or(isNull(refreshStates.leaseUntil), lt(refreshStates.leaseUntil, now), eq(refreshStates.leaseHolder, holder)),
            ...(slot === undefined ? [] : [sql`${refreshStates.slotDone} is distinct from ${slot.toISOString()}::timestamptz`]),
          ),
        )
        .returning({ userId: refreshStates.userId });
      return rows.length > 0;
    },

    /** Holds the lease longer while the refresh goes on (false: it was lost to another process). */
    async renewLease(userId: string, holder: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshStates)
        .set({ leaseUntil: new Date(now.getTime() + REFRESH_LEASE_MS) })
        .where(and(eq(refreshStates.userId, userId), eq(refreshStates.leaseHolder, holder)))
        .returning({ userId: refreshStates.userId });
      return rows.length > 0;
    },

    /** Ends a refresh: the lease freed, the run's report kept, and the scheduled time it completed. */
    async complete(userId: string, holder: string, run: { at: Date; report: unknown; slot?: Date }): Promise<void> {
      await db
        .update(refreshStates)
        .set({
          leaseHolder: null,
          leaseUntil: null,
          lastRunAt: run.at,
          lastReport: run.report,
          ...(run.slot === undefined ? {} : { slotDone: run.slot }),
        })
        .where(and(eq(refreshStates.userId, userId), eq(refreshStates.leaseHolder, holder)));
    },

    async find(userId: string) {
      const [row] = await db.select().from(refreshStates).where(eq(refreshStates.userId, userId));
      return row;
    },
  };
}
