import "server-only";
import { and, desc, eq, gt, isNull, notInArray, sql } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { heldTransactions, type SharedAccountKind, sharedAccounts } from "../db/schema";
import { AspspError } from "../errors";

export type SharedAccountRecord = typeof sharedAccounts.$inferSelect;
export type HeldTransactionRecord = typeof heldTransactions.$inferSelect;

/** An account or card account as a listing of the bank gave it (with the PSU present). */
export interface ListedAccount {
  readonly resourceId: string;
  readonly name: string | undefined;
  readonly product: string | undefined;
  readonly currency: string;
  readonly iban: string | undefined;
  readonly bban: string | undefined;
  readonly maskedPan: string | undefined;
}

/** A transaction to keep: its key (the bank's id, else its entry reference, else its content) and its data. */
export interface TransactionToHold {
  readonly key: string;
  readonly bookingDate: string | undefined;
  readonly data: unknown;
}

export interface AccountRef {
  readonly userId: string;
  readonly kind: SharedAccountKind;
  readonly resourceId: string;
}

/**
 * Whether a refusal of the bank means the account is no longer shared with the app: unknown to
 * this TPP and PSU (404 RESOURCE_UNKNOWN, the bank's one answer for an account without consent),
 * or a consent error. CONSENT_INVALID with 401 is not one: it asks for the PSU (older history).
 * @see docs/interface/errors.md#statuses-by-code; docs/interface/authentication.md#consent
 */
export function meansNoLongerShared(error: unknown): error is AspspError {
  if (!(error instanceof AspspError)) return false;
  const code = error.bankCode;
  return (
    (error.status === 404 && code === "RESOURCE_UNKNOWN") ||
    code === "CONSENT_UNKNOWN" ||
    code === "CONSENT_EXPIRED" ||
    (code === "CONSENT_INVALID" && error.status !== 401)
  );
}

const GONE_FROM_LISTING = "The bank no longer lists it among the accounts shared with this app";

const accountIs = (ref: AccountRef) =>
  and(eq(sharedAccounts.userId, ref.userId), eq(sharedAccounts.kind, ref.kind), eq(sharedAccounts.resourceId, ref.resourceId));

/**
 * What the app knows of the accounts each user shares with it: the bank's listings (made with the
 * PSU present), what was last read of each account, and the transactions a refresh read.
 */
export function createSharedAccountsRepository(db: TppExecutor) {
  return {
    /**
     * Keeps a listing of one kind in one context (null: PRIVATE; else the PSU-Corporate-ID):
     * every listed account is shared now (one marked unshared comes back); every account of that
     * kind and context the listing lacks is marked no longer shared since `at`. One transaction.
     */
    async recordListing(
      userId: string,
      kind: SharedAccountKind,
      psuCorporateId: string | null,
      listed: readonly ListedAccount[],
      at: Date,
    ): Promise<void> {
      // One row per account (a listing naming one twice keeps the last, as one upsert after another would).
      const rows = [...new Map(listed.map((account) => [account.resourceId, account])).values()].map((account) => ({
        userId,
        kind,
        resourceId: account.resourceId,
        firstListedAt: at,
        psuCorporateId,
        name: account.name ?? null,
        product: account.product ?? null,
        currency: account.currency,
        iban: account.iban ?? null,
        bban: account.bban ?? null,
        maskedPan: account.maskedPan ?? null,
        lastListedAt: at,
      }));
      await db.transaction(async (tx) => {
        // Every listed account in one statement: what the listing says replaces what was kept, firstListedAt stays.
        if (rows.length > 0)
          await tx
            .insert(sharedAccounts)
            .values(rows)
            .onConflictDoUpdate({
              target: [sharedAccounts.userId, sharedAccounts.kind, sharedAccounts.resourceId],
              set: {
                psuCorporateId: sql`excluded.psu_corporate_id`,
                name: sql`excluded.name`,
                product: sql`excluded.product`,
                currency: sql`excluded.currency`,
                iban: sql`excluded.iban`,
                bban: sql`excluded.bban`,
                maskedPan: sql`excluded.masked_pan`,
                lastListedAt: sql`excluded.last_listed_at`,
                unsharedAt: null,
                unsharedReason: null,
              },
            });
        const context = psuCorporateId === null ? isNull(sharedAccounts.psuCorporateId) : eq(sharedAccounts.psuCorporateId, psuCorporateId);
        const ids = listed.map((account) => account.resourceId);
        await tx
          .update(sharedAccounts)
          .set({ unsharedAt: at, unsharedReason: GONE_FROM_LISTING })
          .where(
            and(
              eq(sharedAccounts.userId, userId),
              eq(sharedAccounts.kind, kind),
              context,
              isNull(sharedAccounts.unsharedAt),
              ...(ids.length === 0 ? [] : [notInArray(sharedAccounts.resourceId, ids)]),
            ),
          );
      });
    },

    /** Marks an account no longer shared since `at` (the bank refused it as unknown or without consent). */
    async markUnshared(ref: AccountRef, at: Date, reason: string): Promise<void> {
      await db
        .update(sharedAccounts)
        .set({ unsharedAt: at, unsharedReason: reason })
        .where(and(accountIs(ref), isNull(sharedAccounts.unsharedAt)));
    },

    /** The balances as read at `at`, with or without the PSU. */
    async recordBalances(ref: AccountRef, balances: unknown, at: Date, withPsu: boolean): Promise<void> {
      await db
        .update(sharedAccounts)
        .set({ balances, balancesReadAt: at, balancesReadWithPsu: withPsu, lastProblem: null })
        .where(accountIs(ref));
    },

    /**
     * A read of transactions, in one transaction: the booked ones added (one already held keeps
     * when it was first seen), the pending ones replaced, when it was read, and the date through
     * which every page was read (when it was).
     */
    async recordTransactions(
      ref: AccountRef,
      read: {
        readonly booked: readonly TransactionToHold[];
        readonly pending: readonly TransactionToHold[];
        readonly readAt: Date;
        /** The system clock's now: when these were first seen (what is new since the PSU's last visit). */
        readonly seenAt: Date;
        readonly syncedThrough: string | undefined;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const row = (t: TransactionToHold, status: "booked" | "pending") => ({
          userId: ref.userId,
          kind: ref.kind,
          resourceId: ref.resourceId,
          key: t.key,
          status,
          bookingDate: t.bookingDate ?? null,
          data: t.data,
          firstSeenAt: read.seenAt,
        });
        const where = and(
          eq(heldTransactions.userId, ref.userId),
          eq(heldTransactions.kind, ref.kind),
          eq(heldTransactions.resourceId, ref.resourceId),
        );
        const pendingBefore = await tx
          .select({ key: heldTransactions.key, firstSeenAt: heldTransactions.firstSeenAt })
          .from(heldTransactions)
          .where(and(where, eq(heldTransactions.status, "pending")));
        const seenBefore = new Map(pendingBefore.map((p) => [p.key, p.firstSeenAt]));
        await tx.delete(heldTransactions).where(and(where, eq(heldTransactions.status, "pending")));
        // Chunks keep each statement's parameters well under PostgreSQL's limit.
        for (let start = 0; start < read.booked.length; start += 500) {
          await tx
            .insert(heldTransactions)
            .values(read.booked.slice(start, start + 500).map((t) => row(t, "booked")))
            .onConflictDoUpdate({
              target: [heldTransactions.userId, heldTransactions.kind, heldTransactions.resourceId, heldTransactions.key],
              set: { status: "booked", bookingDate: sql`excluded.booking_date`, data: sql`excluded.data` },
            });
        }
        const pending = read.pending.map((t) => ({ ...row(t, "pending"), firstSeenAt: seenBefore.get(t.key) ?? read.seenAt }));
        for (let start = 0; start < pending.length; start += 500) {
          await tx
            .insert(heldTransactions)
            .values(pending.slice(start, start + 500))
            .onConflictDoNothing();
        }
        await tx
          .update(sharedAccounts)
          .set({
            transactionsReadAt: read.readAt,
            lastProblem: null,
            ...(read.syncedThrough === undefined ? {} : { transactionsSyncedThrough: read.syncedThrough }),
          })
          .where(accountIs(ref));
      });
    },

    /** A refusal or failure of a read without the PSU, in words, and when reading may go on after a 429. */
    async recordProblem(ref: AccountRef, problem: string, blockedUntil?: Date): Promise<void> {
      await db
        .update(sharedAccounts)
        .set({ lastProblem: problem, ...(blockedUntil === undefined ? {} : { blockedUntil }) })
        .where(accountIs(ref));
    },

    /** A user's accounts and card accounts, shared ones first, then by name. */
    async listForUser(userId: string): Promise<SharedAccountRecord[]> {
      return db
        .select()
        .from(sharedAccounts)
        .where(eq(sharedAccounts.userId, userId))
        .orderBy(sql`${sharedAccounts.unsharedAt} is not null`, sharedAccounts.kind, sharedAccounts.name, sharedAccounts.resourceId);
    },

    async find(ref: AccountRef): Promise<SharedAccountRecord | undefined> {
      const [row] = await db.select().from(sharedAccounts).where(accountIs(ref));
      return row;
    },

    /** The booked transactions a user's refreshes first saw after `since` (system clock), newest first. */
    async transactionsSeenAfter(userId: string, since: Date, limit = 50): Promise<HeldTransactionRecord[]> {
      return db
        .select()
        .from(heldTransactions)
        .where(and(eq(heldTransactions.userId, userId), gt(heldTransactions.firstSeenAt, since), eq(heldTransactions.status, "booked")))
        .orderBy(desc(heldTransactions.bookingDate), desc(heldTransactions.firstSeenAt))
        .limit(limit);
    },

    /** How many booked transactions a user's refreshes first saw after `since`. */
    async countSeenAfter(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(heldTransactions)
        .where(and(eq(heldTransactions.userId, userId), gt(heldTransactions.firstSeenAt, since), eq(heldTransactions.status, "booked")));
      return row?.count ?? 0;
    },

    /** Forgets everything of a user's accounts: another customer connected, or the connection was forgotten. */
    async forgetUser(userId: string): Promise<void> {
      await db.delete(sharedAccounts).where(eq(sharedAccounts.userId, userId));
    },
  };
}

export type SharedAccountsRepository = ReturnType<typeof createSharedAccountsRepository>;
