import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { unattendedCalls } from "../db/schema";

export type UnattendedAccessKind = (typeof unattendedCalls.$inferSelect)["kind"];
export type UnattendedAccessKey = { tppId: string; resourceId: string; kind: UnattendedAccessKind };

/** Calls without the PSU present per account, kind and TPP in 24 hours. @see docs/interface/limits.md#limits-in-the-spec */
export const UNATTENDED_CALLS_PER_DAY = 4;
export const UNATTENDED_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The ON CONFLICT of the insert that counts a call (one row per key, holding the 4 latest
 * instants of its calls): on an existing key the call is added only when fewer than 4 of its
 * calls are later than `since`. PostgreSQL locks the key's row and evaluates this on its latest
 * committed version, even one made after the statement began, so that two concurrent calls (in
 * any bank process) cannot both take the last free one; an insert that adds nothing returns no
 * row. Keeping the 4 latest instants is exact for any `since`, even after the sandbox clock
 * moved back: 4 calls are later than `since` exactly when the 4 latest are.
 */
export function countCallOnConflict(since: SQL) {
  return {
    target: [unattendedCalls.tppId, unattendedCalls.resourceId, unattendedCalls.kind],
    set: {
      latest: sql`(select array_agg(at order by at desc) from (select at from unnest(${unattendedCalls.latest} || excluded.latest) as calls(at) order by at desc limit ${sql.raw(String(UNATTENDED_CALLS_PER_DAY))}) as kept)`,
    },
    setWhere: sql`(select count(*) from unnest(${unattendedCalls.latest}) as calls(at) where at > ${since}::timestamptz) < ${sql.raw(String(UNATTENDED_CALLS_PER_DAY))}`,
  };
}

/** Calls made without the PSU present, per (TPP, account, kind), for the 24-hour limits. */
export function createUnattendedAccessRepository(db: Executor) {
  return {
    /**
     * Counts a call made at `now`, in one statement, when fewer than 4 calls of this key were
     * made in the 24 hours before it: false (nothing counted) when none is left.
     */
    async take(key: UnattendedAccessKey, now: Date): Promise<boolean> {
      const since = new Date(now.getTime() - UNATTENDED_WINDOW_MS).toISOString();
      const rows = await db
        .insert(unattendedCalls)
        .values({ ...key, latest: sql`array[${now.toISOString()}::timestamptz]` })
        .onConflictDoUpdate(countCallOnConflict(sql`${since}`))
        .returning({ taken: sql<boolean>`true` });
      return rows.length > 0;
    },
  };
}
