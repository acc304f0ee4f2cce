import "server-only";
import { findUserRecord } from "../auth/get-current-user";
import { z } from "zod";
import type { Balance } from "../ais/ais-types";
import { getAppClock } from "../clock/get-app-clock";
import type { SharedAccountKind } from "../db/schema";
import { getTppRuntime } from "../runtime";
import { type ScaRenewal, scaRenewalAt } from "./sca-renewal";
import type { HeldTransactionRecord, SharedAccountRecord } from "./shared-accounts-repository";
import { budgetKeyName, type BudgetStatus, createUnattendedBudget } from "./unattended-budget";

/** One shared account as the overview shows it: what was last read, when, with or without the PSU. */
export interface OverviewAccount {
  readonly kind: SharedAccountKind;
  readonly resourceId: string;
  readonly name: string;
  /** BBAN, IBAN or masked PAN. */
  readonly number: string | undefined;
  readonly currency: string;
  readonly balances: readonly Balance[];
  readonly balancesReadAt: Date | undefined;
  readonly balancesReadWithPsu: boolean | undefined;
  readonly transactionsReadAt: Date | undefined;
  /** Since when it is no longer shared with the app, and how that was found; undefined while shared. */
  readonly unshared: { readonly since: Date; readonly reason: string } | undefined;
  /** The calls without the PSU left in the 24 hours before now, per kind of read. */
  readonly callsLeft: { readonly balances: BudgetStatus; readonly transactions: BudgetStatus };
  readonly blockedUntil: Date | undefined;
  readonly lastProblem: string | undefined;
}

/** A transaction a refresh read that the user had not seen yet. */
export interface NewTransaction {
  readonly accountName: string;
  readonly kind: SharedAccountKind;
  readonly resourceId: string;
  readonly bookingDate: string | undefined;
  readonly amount: { readonly amount: string; readonly currency: string };
  readonly description: string;
}

export interface RefreshOverview {
  readonly renewal: ScaRenewal;
  readonly accounts: readonly OverviewAccount[];
  readonly newTransactions: readonly NewTransaction[];
  /** How many arrived since the last visit (newTransactions lists the latest of them). */
  readonly newTransactionCount: number;
  /** When the user last looked (before this visit); null: never. */
  readonly previousVisit: Date | null;
  readonly lastRefresh: { readonly at: Date } | undefined;
}

/** The transactions the overview lists of those that arrived since the last visit. */
const NEW_TRANSACTIONS_SHOWN = 10;

const moneySchema = z.object({ amount: z.string(), currency: z.string() });
// Read back through a schema: a jsonb column is outside the type system.
const balancesSchema = z.array(
  z.object({
    type: z.string(),
    amount: moneySchema,
    referenceDate: z.string().optional(),
    lastChangeDateTime: z.string().optional(),
    creditLimitIncluded: z.boolean().optional(),
  }),
);
const heldSchema = z
  .object({
    amount: moneySchema,
    counterpartyName: z.string().optional(),
    remittanceInformation: z.string().optional(),
    details: z.string().optional(),
  })
  .loose();

function readBalances(value: unknown): Balance[] {
  const parsed = balancesSchema.safeParse(value);
  if (!parsed.success) return [];
  return parsed.data.map((b) => ({
    type: b.type,
    amount: b.amount,
    referenceDate: b.referenceDate,
    lastChangeDateTime: b.lastChangeDateTime,
    creditLimitIncluded: b.creditLimitIncluded,
  }));
}

function nameOf(account: SharedAccountRecord): string {
  return account.name ?? account.product ?? (account.kind === "account" ? "Account" : "Card account");
}

function describeHeld(row: HeldTransactionRecord): { amount: { amount: string; currency: string }; description: string } | undefined {
  const parsed = heldSchema.safeParse(row.data);
  if (!parsed.success) return undefined;
  const t = parsed.data;
  return { amount: t.amount, description: t.counterpartyName ?? t.remittanceInformation ?? t.details ?? "Transaction" };
}

/**
 * The overview of what the app read for a user: the 180 days of the PSU's SCA, each shared
 * account's balances as last read (when, with or without the PSU), the calls without the PSU left
 * today, the transactions that arrived since the user's last visit (this visit is kept as the
 * next one's "last"). Nothing is asked of the bank: a page shows it whatever the SCA's hour.
 */
export async function loadRefreshOverview(userId: string): Promise<RefreshOverview | undefined> {
  const runtime = await getTppRuntime();
  const user = await runtime.users.findById(userId);
  if (user === undefined) return undefined;
  const bankNow = (await getAppClock()).now();
  const [accounts, previousVisit, state] = await Promise.all([
    runtime.sharedAccounts.listForUser(userId),
    runtime.users.seeOverview(userId, new Date()),
    runtime.database.db.query.refreshStates.findFirst({ where: (t, { eq }) => eq(t.userId, userId) }),
  ]);
  const keys = accounts.flatMap((a) => [
    { kind: a.kind, resourceId: a.resourceId, readKind: "balances" as const },
    { kind: a.kind, resourceId: a.resourceId, readKind: "transactions" as const },
  ]);
  const budget = await createUnattendedBudget(runtime.database.db).statusOf(keys, bankNow);
  const statusOf = (a: SharedAccountRecord, readKind: "balances" | "transactions"): BudgetStatus =>
    budget.get(budgetKeyName({ kind: a.kind, resourceId: a.resourceId, readKind })) ?? { used: 0, left: 4, nextFreeAt: undefined };
  const byKey = new Map(accounts.map((a) => [`${a.kind}:${a.resourceId}`, a]));
  const since = previousVisit ?? new Date(0);
  const [held, newTransactionCount] = await Promise.all([
    runtime.sharedAccounts.transactionsSeenAfter(userId, since, NEW_TRANSACTIONS_SHOWN),
    runtime.sharedAccounts.countSeenAfter(userId, since),
  ]);
  return {
    renewal: scaRenewalAt(user.lastScaAt ?? undefined, bankNow),
    accounts: accounts.map((a) => ({
      kind: a.kind,
      resourceId: a.resourceId,
      name: nameOf(a),
      number: a.maskedPan ?? a.bban ?? a.iban ?? undefined,
      currency: a.currency,
      balances: readBalances(a.balances),
      balancesReadAt: a.balancesReadAt ?? undefined,
      balancesReadWithPsu: a.balancesReadWithPsu ?? undefined,
      transactionsReadAt: a.transactionsReadAt ?? undefined,
      unshared: a.unsharedAt === null ? undefined : { since: a.unsharedAt, reason: a.unsharedReason ?? "" },
      callsLeft: { balances: statusOf(a, "balances"), transactions: statusOf(a, "transactions") },
      blockedUntil: a.blockedUntil !== null && a.blockedUntil > bankNow ? a.blockedUntil : undefined,
      lastProblem: a.lastProblem ?? undefined,
    })),
    newTransactions: held.flatMap((row) => {
      const described = describeHeld(row);
      const account = byKey.get(`${row.kind}:${row.resourceId}`);
      if (described === undefined || account === undefined) return [];
      return [
        {
          accountName: nameOf(account),
          kind: row.kind,
          resourceId: row.resourceId,
          bookingDate: row.bookingDate ?? undefined,
          ...described,
        },
      ];
    }),
    newTransactionCount,
    previousVisit: previousVisit ?? null,
    lastRefresh: state?.lastRunAt === null || state?.lastRunAt === undefined ? undefined : { at: state.lastRunAt },
  };
}

/** How the PSU's SCA stands for a user now (the pages' renewal notice). */
export async function loadScaRenewal(userId: string): Promise<ScaRenewal> {
  const user = await findUserRecord(userId);
  return scaRenewalAt(user?.lastScaAt ?? undefined, (await getAppClock()).now());
}
