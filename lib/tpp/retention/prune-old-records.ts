import "server-only";
import { asc, inArray, lt, sql } from "drizzle-orm";
import type { TppDatabase } from "../db/open-tpp-database";
import { bankCalls, flows, heldTransactions } from "../db/schema";

const DAY_MS = 86_400_000;

/** Rows of each table one batch deletes at most: one short transaction, whatever the backlog. */
export const DEFAULT_PRUNE_BATCH_SIZE = 500;

/** What one batch or one round deleted. */
export interface PruneCount {
  readonly bankCalls: number;
  readonly flows: number;
}

/**
 * The instant before which the request inspector's calls and the flows are no longer kept:
 * `retentionDays` times 24 hours before `now`. Their startedAt is stamped with the system clock
 * (never the sandbox clock), so `now` is the system clock's too.
 */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * Deletes, in one transaction, at most `limit` of the request inspector's calls (bank_calls) and
 * at most `limit` flows (with their legs: flow_legs cascades) that started before `before`, the
 * oldest first, whoever's they are. Rows another process is deleting at the same moment are
 * skipped (FOR UPDATE SKIP LOCKED), so several app processes on one PostgreSQL share the work
 * instead of waiting for each other; a process killed midway leaves the batch undone, never half
 * done.
 */
export async function pruneRecordsBatch(db: TppDatabase, before: Date, limit: number = DEFAULT_PRUNE_BATCH_SIZE): Promise<PruneCount> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a batch deletes at least one row (got ${limit})`);
  return db.transaction(async (tx) => {
    const oldCalls = tx
      .select({ id: bankCalls.id })
      .from(bankCalls)
      .where(lt(bankCalls.startedAt, before))
      .orderBy(asc(bankCalls.startedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    const calls = await tx.delete(bankCalls).where(inArray(bankCalls.id, oldCalls)).returning({ id: bankCalls.id });
    const oldFlows = tx
      .select({ id: flows.id })
      .from(flows)
      .where(lt(flows.startedAt, before))
      .orderBy(asc(flows.startedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    const flowRows = await tx.delete(flows).where(inArray(flows.id, oldFlows)).returning({ id: flows.id });
    return { bankCalls: calls.length, flows: flowRows.length };
  });
}

/**
 * Deletes at most `limit` of the transactions the refresh read (held_transactions) first seen
 * before `before`, the oldest first, rows another process is deleting skipped: what was read
 * without the PSU is kept as long as the request inspector's calls. Returns how many went.
 */
export async function pruneHeldTransactionsBatch(db: TppDatabase, before: Date, limit: number = DEFAULT_PRUNE_BATCH_SIZE): Promise<number> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a batch deletes at least one row (got ${limit})`);
  return db.transaction(async (tx) => {
    const old = await tx
      .select({
        userId: heldTransactions.userId,
        kind: heldTransactions.kind,
        resourceId: heldTransactions.resourceId,
        key: heldTransactions.key,
      })
      .from(heldTransactions)
      .where(lt(heldTransactions.firstSeenAt, before))
      .orderBy(asc(heldTransactions.firstSeenAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (old.length === 0) return 0;
    const rows = await tx
      .delete(heldTransactions)
      .where(
        sql`(${heldTransactions.userId}, ${heldTransactions.kind}, ${heldTransactions.resourceId}, ${heldTransactions.key}) in (${sql.join(
          old.map((row) => sql`(${row.userId}, ${row.kind}, ${row.resourceId}, ${row.key})`),
          sql`, `,
        )})`,
      )
      .returning({ key: heldTransactions.key });
    return rows.length;
  });
}
