import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { unattendedAccess } from "../db/schema";

export type UnattendedAccessKind = (typeof unattendedAccess.$inferSelect)["kind"];
export type UnattendedAccessKey = { tppId: string; resourceId: string; kind: UnattendedAccessKind };

/** Calls made without the PSU present, per (TPP, account, kind), for the 24-hour limits. */
export function createUnattendedAccessRepository(db: Executor) {
  return {
    /**
     * Serialises the calls of one key until the transaction ends, so that two concurrent calls
     * cannot both take the last free one. Call inside a transaction.
     */
    async lock(key: UnattendedAccessKey): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${key.tppId}|${key.resourceId}|${key.kind}`}))`);
    },

    /** The calls of this key made after an instant. */
    async countSince(key: UnattendedAccessKey, since: Date): Promise<number> {
      const rows = await db
        .select({ value: count() })
        .from(unattendedAccess)
        .where(
          and(
            eq(unattendedAccess.tppId, key.tppId),
            eq(unattendedAccess.resourceId, key.resourceId),
            eq(unattendedAccess.kind, key.kind),
            gt(unattendedAccess.at, since),
          ),
        );
      return rows[0]?.value ?? 0;
    },

    async record(key: UnattendedAccessKey, at: Date): Promise<void> {
      await db.insert(unattendedAccess).values({ ...key, at });
    },
  };
}

export type UnattendedAccessRepository = ReturnType<typeof createUnattendedAccessRepository>;
