import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { heldTransactions, SHARED_ACCOUNT_KINDS, type SharedAccountKind, sharedAccounts } from "../db/schema";
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
  /** The balances read with the listing (withBalance), kept as the account's last balances read with the PSU. */
  readonly balances?: unknown;
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
     * Keeps a listing made with the PSU present, in one context (null: PRIVATE; else the
     * PSU-Corporate-ID), for each kind it names: every listed account is shared now (one marked
     * unshared comes back), with the balances read with it where there are some; every account
     * of a named kind and that context the listing lacks is marked no longer shared since `at`.
     * One statement: the accounts page keeps its listing at every view, so it costs one round
     * trip, and no reader sees half of it.
     */
    async recordListing(
      userId: string,
      psuCorporateId: string | null,
      listings: Partial<Record<SharedAccountKind, readonly ListedAccount[]>>,
      at: Date,
    ): Promise<void> {
      const kinds = SHARED_ACCOUNT_KINDS.filter((kind) => Object.hasOwn(listings, kind));
      if (kinds.length === 0) return;
      // One row per account (a listing naming one twice keeps the last, as one upsert after another would).
      const byAccount = new Map<string, Record<string, unknown>>();
      for (const kind of kinds)
        for (const account of listings[kind] ?? [])
          byAccount.set(`${kind}\u0000${account.resourceId}`, {
            kind,
            resource_id: account.resourceId,
            name: account.name ?? null,
            product: account.product ?? null,
            currency: account.currency,
            iban: account.iban ?? null,
            bban: account.bban ?? null,
            masked_pan: account.maskedPan ?? null,
            balances: account.balances ?? null,
            with_balances: account.balances !== undefined,
          });
      const now = sql`${at.toISOString()}::timestamptz`;
      const context = sql`${psuCorporateId}::text`;
      // The update and the insert touch different rows (listed, not listed), each seen as before the statement.
      await db.execute(sql`
        with listed as (
          select * from jsonb_to_recordset(${JSON.stringify([...byAccount.values()])}::jsonb) as l(
            kind text, resource_id text, name text, product text, currency text,
            iban text, bban text, masked_pan text, balances jsonb, with_balances boolean)
        ), gone as (
          update shared_accounts s set unshared_at = ${now}, unshared_reason = ${GONE_FROM_LISTING}
          where s.user_id = ${userId}::text
            and s.kind in (${sql.join(
              kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})
            and s.psu_corporate_id is not distinct from ${context}
            and s.unshared_at is null
            and not exists (select 1 from listed l where l.kind = s.kind and l.resource_id = s.resource_id)
        )
        insert into shared_accounts as s (
          user_id, kind, resource_id, psu_corporate_id, name, product, currency, iban, bban, masked_pan,
          first_listed_at, last_listed_at, balances, balances_read_at, balances_read_with_psu)
        select ${userId}::text, l.kind, l.resource_id, ${context}, l.name, l.product, l.currency, l.iban, l.bban, l.masked_pan,
          ${now}, ${now},
          case when l.with_balances then l.balances end,
          case when l.with_balances then ${now} end,
          case when l.with_balances then true end
        from listed l
        on conflict (user_id, kind, resource_id) do update set
          psu_corporate_id = excluded.psu_corporate_id,
          name = excluded.name,
          product = excluded.product,
          currency = excluded.currency,
          iban = excluded.iban,
          bban = excluded.bban,
          masked_pan = excluded.masked_pan,
          last_listed_at = excluded.last_listed_at,
          unshared_at = null,
          unshared_reason = null,
          balances = case when excluded.balances_read_at is null then s.balances else excluded.balances end,
          balances_read_at = coalesce(excluded.balances_read_at, s.balances_read_at),
          balances_read_with_psu = coalesce(excluded.balances_read_with_psu, s.balances_read_with_psu),
          last_problem = case when excluded.balances_read_at is null then s.last_problem end
      `);
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
