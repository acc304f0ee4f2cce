import "server-only";
import { and, asc, eq, lt, or } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { signInFailures } from "../db/schema";
import { FAILURE_MEMORY_MS, lockedUntilAfter, type SignInFailureKeyKind, THROTTLE_POLICIES } from "./sign-in-throttle";

/** What a sign-in attempt is counted against. */
export interface SignInKey {
  readonly kind: SignInFailureKeyKind;
  readonly value: string;
}

export type SignInClaim = { readonly allowed: true } | { readonly allowed: false; readonly retryAt: Date };

const matches = (key: SignInKey) => and(eq(signInFailures.keyKind, key.kind), eq(signInFailures.keyValue, key.value));

/**
 * The failed sign-ins of the throttle (sign-in-throttle.ts). An attempt is counted as a failure
 * from the moment it is taken (claimAttempt), in one transaction with the check of the wait, so
 * that attempts sent at once cannot all pass while the first is being checked; a success takes
 * it back (settleSuccess).
 */
export function createSignInFailuresRepository(db: TppExecutor) {
  return {
    /**
     * Takes an attempt for every key, or refuses it when any key must still wait (then nothing
     * changes: waiting attempts do not lengthen the wait). Counts older than FAILURE_MEMORY_MS
     * start again from one.
     */
    async claimAttempt(keys: readonly SignInKey[], now: Date): Promise<SignInClaim> {
      if (keys.length === 0) return { allowed: true };
      return db.transaction(async (tx) => {
        await tx.delete(signInFailures).where(lt(signInFailures.lastFailureAt, new Date(now.getTime() - FAILURE_MEMORY_MS)));
        await tx
          .insert(signInFailures)
          .values(keys.map((key) => ({ keyKind: key.kind, keyValue: key.value, failures: 0, lastFailureAt: now })))
          .onConflictDoNothing();
        // Locked in the primary key's order, so two attempts never wait for each other's rows.
        const rows = await tx
          .select()
          .from(signInFailures)
          .where(or(...keys.map(matches)))
          .orderBy(asc(signInFailures.keyKind), asc(signInFailures.keyValue))
          .for("update");
        const waits = rows.flatMap((row) =>
          row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime() ? [row.lockedUntil.getTime()] : [],
        );
        if (waits.length > 0) return { allowed: false, retryAt: new Date(Math.max(...waits)) };
        for (const row of rows) {
          const failures = row.failures + 1;
          const lockedUntil = lockedUntilAfter(THROTTLE_POLICIES[row.keyKind], failures, now) ?? null;
          await tx
            .update(signInFailures)
            .set({ failures, lastFailureAt: now, lockedUntil })
            .where(matches({ kind: row.keyKind, value: row.keyValue }));
        }
        return { allowed: true };
      });
    },

    /**
     * A claimed attempt succeeded: the user name's count is cleared; the address's loses this
     * attempt only (and its wait, when that attempt alone made one).
     */
    async settleSuccess(keys: readonly SignInKey[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const key of keys) {
          if (key.kind === "username") {
            await tx.delete(signInFailures).where(matches(key));
            continue;
          }
          const [row] = await tx.select().from(signInFailures).where(matches(key)).for("update");
          if (row === undefined) continue;
          const failures = Math.max(0, row.failures - 1);
          const keepsWaiting = failures > THROTTLE_POLICIES[row.keyKind].freeFailures;
          await tx
            .update(signInFailures)
            .set({ failures, lockedUntil: keepsWaiting ? row.lockedUntil : null })
            .where(matches(key));
        }
      });
    },

    /** A key's count and wait, for tests and diagnosis. */
    async find(key: SignInKey): Promise<{ failures: number; lastFailureAt: Date; lockedUntil: Date | null } | undefined> {
      const [row] = await db.select().from(signInFailures).where(matches(key));
      return row === undefined ? undefined : { failures: row.failures, lastFailureAt: row.lastFailureAt, lockedUntil: row.lockedUntil };
    },
  };
}

export type SignInFailuresRepository = ReturnType<typeof createSignInFailuresRepository>;
