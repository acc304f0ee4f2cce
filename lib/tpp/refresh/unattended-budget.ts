import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { type SharedAccountKind, type UnattendedReadKind, unattendedReads } from "../db/schema";

/**
 * Calls without the PSU the bank allows per account and kind of read (balances, transactions) in
 * any 24 hours, and how far back transactions may be asked for without the PSU.
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces
 */
export const UNATTENDED_CALLS_PER_DAY = 4;
export const UNATTENDED_WINDOW_MS = 24 * 60 * 60 * 1000;
export const UNATTENDED_HISTORY_DAYS = 90;

/** What a call without the PSU is counted against: an account (or card account) and the kind of read. */
export interface BudgetKey {
  readonly kind: SharedAccountKind;
  readonly resourceId: string;
  readonly readKind: UnattendedReadKind;
}

/** How a key stands at an instant: calls used and left in the 24 hours before it, and when the next frees. */
export interface BudgetStatus {
  readonly used: number;
  readonly left: number;
  /** When a call is free again (the oldest counted call plus 24 hours); undefined while one is left. */
  readonly nextFreeAt: Date | undefined;
}

const keyIs = (key: BudgetKey) =>
  and(eq(unattendedReads.kind, key.kind), eq(unattendedReads.resourceId, key.resourceId), eq(unattendedReads.readKind, key.readKind));

/** The budget of a key from its latest instants (the 4 latest calls), at `now`. */
export function budgetStatusOf(latest: readonly (string | Date)[], now: Date): BudgetStatus {
  const since = now.getTime() - UNATTENDED_WINDOW_MS;
  const counted = latest
    .map((at) => new Date(at).getTime())
    .filter((at) => at > since)
    .sort((a, b) => a - b);
  const used = Math.min(counted.length, UNATTENDED_CALLS_PER_DAY);
  const left = UNATTENDED_CALLS_PER_DAY - used;
  const oldest = counted[counted.length - UNATTENDED_CALLS_PER_DAY];
  return { used, left, nextFreeAt: left > 0 || oldest === undefined ? undefined : new Date(oldest + UNATTENDED_WINDOW_MS) };
}

/**
 * The app's own count of its calls without the PSU, shared by every app process on the database
 * and by every user who shares an account (the bank counts per TPP and account, not per user).
 * It counts as the bank does (lib/bank's unattended-access-repository): each key keeps its 4
 * latest call instants on the bank's clock, and a call is taken only while fewer than 4 of them
 * are later than 24 hours before it, in one statement that locks the key's row, so two processes
 * cannot both take the last one.
 */
export function createUnattendedBudget(db: TppExecutor) {
  return {
    /**
     * Counts a call about to be sent at `now` (the bank's clock) when one is left: true; false
     * (nothing counted) when the 4 of the last 24 hours are used. Take before sending: a call the
     * bank may have counted is never forgotten, even if the app dies before its reply.
     */
    async take(key: BudgetKey, now: Date): Promise<boolean> {
      const at = now.toISOString();
      const since = new Date(now.getTime() - UNATTENDED_WINDOW_MS).toISOString();
      const limit = sql.raw(String(UNATTENDED_CALLS_PER_DAY));
      const rows = await db
        .insert(unattendedReads)
        .values({ ...key, latest: sql`array[${at}::timestamptz]` })
        .onConflictDoUpdate({
          target: [unattendedReads.kind, unattendedReads.resourceId, unattendedReads.readKind],
          set: {
            latest: sql`(select array_agg(at order by at desc) from (select at from unnest(${unattendedReads.latest} || excluded.latest) as calls(at) order by at desc limit ${limit}) as kept)`,
          },
          setWhere: sql`(select count(*) from unnest(${unattendedReads.latest}) as calls(at) where at > ${since}::timestamptz) < ${limit}`,
        })
        .returning({ taken: sql<boolean>`true` });
      return rows.length > 0;
    },

    /**
     * Gives back a call taken at `at` that the bank refused before counting it (a 4xx other than
     * 429: the bank counts only the reads it answers).
     */
    async release(key: BudgetKey, at: Date): Promise<void> {
      await db
        .update(unattendedReads)
        .set({ latest: sql`array_remove(${unattendedReads.latest}, ${at.toISOString()}::timestamptz)` })
        .where(keyIs(key));
    },

    /**
     * After a 429 ACCESS_EXCEEDED the bank has 4 calls in its window that the app did not count
     * (another installation, a clock moved): the key is filled up to 4 at `now`, so that no call
     * goes before the window opens again, 24 hours on at the latest.
     */
    async exhaust(key: BudgetKey, now: Date): Promise<void> {
      const fill = Array.from({ length: UNATTENDED_CALLS_PER_DAY }, () => now.toISOString());
      await db
        .insert(unattendedReads)
        .values({ ...key, latest: fill })
        .onConflictDoUpdate({
          target: [unattendedReads.kind, unattendedReads.resourceId, unattendedReads.readKind],
          set: { latest: fill },
        });
    },

    /** How the keys of these accounts stand at `now`: by `${kind}:${resourceId}:${readKind}`. */
    async statusOf(keys: readonly BudgetKey[], now: Date): Promise<Map<string, BudgetStatus>> {
      const result = new Map<string, BudgetStatus>();
      if (keys.length === 0) return result;
      const rows = await db
        .select()
        .from(unattendedReads)
        .where(
          sql`(${unattendedReads.kind}, ${unattendedReads.resourceId}, ${unattendedReads.readKind}) in (${sql.join(
            keys.map((key) => sql`(${key.kind}, ${key.resourceId}, ${key.readKind})`),
            sql`, `,
          )})`,
        );
      const latest = new Map(rows.map((row) => [budgetKeyName(row), row.latest]));
      for (const key of keys) result.set(budgetKeyName(key), budgetStatusOf(latest.get(budgetKeyName(key)) ?? [], now));
      return result;
    },
  };
}

export type UnattendedBudget = ReturnType<typeof createUnattendedBudget>;

/** A key as one string, for maps. */
export function budgetKeyName(key: BudgetKey): string {
  return `${key.kind}:${key.resourceId}:${key.readKind}`;
}
