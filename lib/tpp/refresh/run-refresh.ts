import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { addDays, BANK_TIME_ZONE, dateInZone } from "../../psd2/time";
import type { AccountTransaction, Balance, CardTransaction, PendingCardTransaction, TransactionPage } from "../ais/ais-types";
import { getBalances } from "../ais/get-balances";
import { getCardAccountBalances } from "../ais/get-card-account-balances";
import { getCardAccountTransactions } from "../ais/get-card-account-transactions";
import { listTransactions } from "../ais/list-transactions";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { AspspClient } from "../aspsp/create-aspsp-client";
import type { TppDatabase } from "../db/open-tpp-database";
import type { SharedAccountKind, UnattendedReadKind } from "../db/schema";
import { AspspError, TppError } from "../errors";
import { createFlowsRepository } from "../flow-diagrams/flows-repository";
import { formatWallClock } from "../format-wall-clock";
import { createUsersRepository, type UserRecord } from "../users/users-repository";
import { createRefreshStatesRepository } from "./refresh-states-repository";
import { scaRenewalAt } from "./sca-renewal";
import {
  createSharedAccountsRepository,
  meansNoLongerShared,
  type SharedAccountRecord,
  type TransactionToHold,
} from "./shared-accounts-repository";
import { type BudgetKey, createUnattendedBudget, UNATTENDED_CALLS_PER_DAY, UNATTENDED_HISTORY_DAYS } from "./unattended-budget";

/** What a refresh needs: the app's database, the signed client, the bank's clock and who runs it. */
export interface RefreshDeps {
  readonly db: TppDatabase;
  readonly client: AspspClient;
  /** The TPP's id at the bank. */
  readonly tppId: string;
  /** The bank's clock now (the sandbox clock in the sandbox): the bank counts its limits on it. */
  readonly bankNow: () => Promise<Date> | Date;
  /** The system clock (leases, what is new since the PSU's last visit); default new Date(). */
  readonly now?: () => Date;
  /** This process, as the lease's holder. */
  readonly holder: string;
}

/** How one read went. */
export type ReadOutcome =
  | { readonly result: "read"; readonly detail: string; readonly calls: number }
  | { readonly result: "skipped"; readonly reason: string }
  | { readonly result: "failed"; readonly reason: string; readonly calls: number };

export interface AccountRefreshReport {
  readonly kind: SharedAccountKind;
  readonly resourceId: string;
  readonly name: string;
  readonly balances: ReadOutcome;
  readonly transactions: ReadOutcome;
}

export interface UserRefreshReport {
  readonly userId: string;
  readonly username: string;
  /** The bank's clock when the refresh began (ISO 8601). */
  readonly at: string;
  readonly trigger: "schedule" | "manual";
  /** Why nothing of this user was read; undefined when the accounts were gone through. */
  readonly skipped?: string;
  readonly accounts: readonly AccountRefreshReport[];
  /** The flow whose diagram shows the calls (/flows/{id}); undefined when no call was sent. */
  readonly flowId?: string;
}

export interface RefreshOptions {
  readonly trigger: "schedule" | "manual";
  /** The scheduled time this refresh is for (bank's clock): an account read at or after it is not read again. */
  readonly slot?: Date;
}

const DAY_MS = 86_400_000;

/** An instant on the bank's wall clock: "Sun 6 Dec 2026, 06:00". */
function formatBankTime(at: Date): string {
  return formatWallClock(at, { timeZone: BANK_TIME_ZONE, weekday: true, time: "minutes" });
}

function accountName(account: SharedAccountRecord): string {
  const number = account.maskedPan ?? account.bban ?? account.iban ?? account.resourceId;
  return `${account.name ?? account.product ?? (account.kind === "account" ? "Account" : "Card account")} ${number}`;
}

/** The caller of a call without the PSU: PSU-ID (and PSU-Corporate-ID in a corporate context), no PSU-IP-Address, no PSU-* header. */
export function unattendedCaller(user: UserRecord, options: { psuCorporateId: string | null; flowId: string }): AspspCaller {
  return {
    userId: user.id,
    flowId: options.flowId,
    ...(user.psuId === null ? {} : { psuId: user.psuId }),
    ...(options.psuCorporateId === null ? {} : { psuCorporateId: options.psuCorporateId }),
    redirectPreferred: user.redirectPreferred,
    unattended: true,
  };
}

/** A transaction's key: the bank's id, else its entry reference, else a hash of what it says. */
function keyOf(id: string | undefined, entryReference: string | undefined, data: unknown): string {
  if (id !== undefined && id !== "") return `id:${id}`;
  if (entryReference !== undefined && entryReference !== "") return `ref:${entryReference}`;
  return `sha256:${createHash("sha256").update(JSON.stringify(data)).digest("hex")}`;
}

const holdAccountTransaction = (t: AccountTransaction): TransactionToHold => ({
  key: keyOf(t.id, t.entryReference, t),
  bookingDate: t.bookingDate,
  data: t,
});
const holdCardTransaction = (t: CardTransaction): TransactionToHold => ({
  key: keyOf(t.id, undefined, t),
  bookingDate: t.bookingDate,
  data: t,
});
const holdPendingCardTransaction = (t: PendingCardTransaction): TransactionToHold => ({
  key: keyOf(t.id, undefined, t),
  bookingDate: undefined,
  data: t,
});

function describeFailure(error: unknown): string {
  if (error instanceof AspspError) {
    const text = error.tppMessages[0]?.text;
    return `the bank answered ${error.status} ${error.bankCode ?? ""}${text === undefined ? "" : `: ${text}`}`.replace(/\s+:/, ":");
  }
  if (error instanceof TppError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Stops the user's refresh: the bank says the last SCA is over 180 days old. */
class ScaExpired extends Error {}

/**
 * Reads one user's shared accounts and card accounts without the PSU: balances, and transactions
 * since what the app holds (at most 90 days back), each within the app's own count of the bank's
 * 4 calls per account and kind in 24 hours. Runs only under the user's lease (one process at a
 * time), and only while the PSU's last SCA is less than 180 days old. Each read is kept in one
 * transaction: a refresh killed midway leaves whole reads, and the next one reads the rest.
 * @see docs/interface/authentication.md#psu-present-or-absent, docs/interface/limits.md#limits-in-the-spec; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function refreshUser(deps: RefreshDeps, user: UserRecord, options: RefreshOptions): Promise<UserRefreshReport> {
  const now = deps.now ?? (() => new Date());
  const bankNow = await deps.bankNow();
  const base = { userId: user.id, username: user.username, at: bankNow.toISOString(), trigger: options.trigger, accounts: [] };
  if (user.psuId === null) return { ...base, skipped: "No bank connected: the app has no PSU-ID for this user" };
  const renewal = scaRenewalAt(user.lastScaAt ?? undefined, bankNow);
  if (renewal.state === "unknown") {
    return { ...base, skipped: "No SCA of this PSU is known to the app yet: reads without the PSU start after the next one" };
  }
  if (renewal.state === "ended") {
    return {
      ...base,
      skipped: `The PSU's last SCA was at ${formatBankTime(renewal.lastScaAt)}: reads without the PSU ended 180 days later, at ${formatBankTime(renewal.endsAt)}. Nothing is sent until the PSU renews it with an SCA`,
    };
  }
  const states = createRefreshStatesRepository(deps.db);
  if (!(await states.takeLease(user.id, deps.holder, now(), options.slot))) {
    return {
      ...base,
      skipped:
        options.slot === undefined
          ? "Another app process is refreshing this user now"
          : "Refreshed for this scheduled time already, or another app process is refreshing this user now",
    };
  }
  const flowId = randomUUID();
  const accounts = createSharedAccountsRepository(deps.db);
  const budget = createUnattendedBudget(deps.db);
  const reports: AccountRefreshReport[] = [];
  let callsSent = 0;
  let stopped: string | undefined;
  try {
    const all = await accounts.listForUser(user.id);
    for (const account of all) {
      if (account.unsharedAt !== null) continue;
      const name = accountName(account);
      if (stopped !== undefined) {
        reports.push({ kind: account.kind, resourceId: account.resourceId, name, balances: skip(stopped), transactions: skip(stopped) });
        continue;
      }
      const ctx: AspspContext = {
        client: deps.client,
        tppId: deps.tppId,
        caller: unattendedCaller(user, { psuCorporateId: account.psuCorporateId, flowId }),
      };
      const read = readerFor({ deps, account, ctx, budget, accounts, slot: options.slot, now });
      let balances: ReadOutcome;
      let transactions: ReadOutcome;
      try {
        balances = await read.balances();
        transactions =
          ((await accounts.find(account))?.unsharedAt ?? null) !== null
            ? skip("No longer shared with this app")
            : await read.transactions();
      } catch (error) {
        if (!(error instanceof ScaExpired)) throw error;
        stopped = error.message;
        balances = { result: "failed", reason: error.message, calls: 1 };
        transactions = skip(stopped);
      }
      callsSent += callsOf(balances) + callsOf(transactions);
      reports.push({ kind: account.kind, resourceId: account.resourceId, name, balances, transactions });
      await states.renewLease(user.id, deps.holder, now());
    }
    const report: UserRefreshReport = { ...base, accounts: reports, ...(callsSent > 0 ? { flowId } : {}) };
    if (callsSent > 0) await recordRefreshFlow(deps.db, user.id, flowId, report, now());
    await states.complete(user.id, deps.holder, { at: bankNow, report, ...(options.slot === undefined ? {} : { slot: options.slot }) });
    return report;
  } catch (error) {
    // The lease runs out by itself; the next run reads what this one did not.
    await states
      .complete(user.id, deps.holder, { at: bankNow, report: { ...base, skipped: describeFailure(error) } })
      .catch(() => undefined);
    throw error;
  }
}

function skip(reason: string): ReadOutcome {
  return { result: "skipped", reason };
}

function callsOf(outcome: ReadOutcome): number {
  return outcome.result === "skipped" ? 0 : outcome.calls;
}

async function recordRefreshFlow(db: TppDatabase, userId: string, flowId: string, report: UserRefreshReport, at: Date): Promise<void> {
  const flows = createFlowsRepository(db);
  const read = report.accounts.filter((a) => a.balances.result === "read" || a.transactions.result === "read").length;
  const failed = report.accounts.filter((a) => a.balances.result === "failed" || a.transactions.result === "failed").length;
  await flows.start({ id: flowId, userId, kind: "refresh", path: "/", at });
  await flows.end(userId, flowId, {
    outcome: failed > 0 && read === 0 ? "failed" : "completed",
    at,
    detail: `Read without the PSU (${report.trigger === "schedule" ? "scheduled" : "asked for by hand"}): ${read} of ${report.accounts.length} accounts read${failed > 0 ? `, ${failed} refused or failed` : ""}`,
  });
}

interface ReaderInput {
  readonly deps: RefreshDeps;
  readonly account: SharedAccountRecord;
  readonly ctx: AspspContext;
  readonly budget: ReturnType<typeof createUnattendedBudget>;
  readonly accounts: ReturnType<typeof createSharedAccountsRepository>;
  readonly slot: Date | undefined;
  readonly now: () => Date;
}

/** The two reads of one account, each counted, sent and kept. */
function readerFor(input: ReaderInput) {
  const { deps, account, ctx, budget, accounts, slot } = input;
  const ref = { userId: account.userId, kind: account.kind, resourceId: account.resourceId };
  const keyOfRead = (readKind: UnattendedReadKind): BudgetKey => ({ kind: account.kind, resourceId: account.resourceId, readKind });

  /**
   * Sends one counted call: taken from the budget first (the 5th in 24 hours is never sent), given
   * back when the bank refused it before counting (a 4xx but 429), the budget filled after a 429.
   * Returns the value, or the outcome that ends this read.
   */
  async function counted<T>(readKind: UnattendedReadKind, call: () => Promise<T>): Promise<{ value: T } | { outcome: ReadOutcome }> {
    const key = keyOfRead(readKind);
    const at = await deps.bankNow();
    if (!(await budget.take(key, at))) {
      const status = (await budget.statusOf([key], at)).values().next().value;
      const next = status?.nextFreeAt === undefined ? "" : `; the next is free at ${formatBankTime(status.nextFreeAt)}`;
      return { outcome: skip(`The ${UNATTENDED_CALLS_PER_DAY} calls without the PSU in 24 hours are used${next}`) };
    }
    try {
      return { value: await call() };
    } catch (error) {
      if (error instanceof AspspError && error.status === 429) {
        const until = new Date(at.getTime() + DAY_MS);
        await budget.exhaust(key, at);
        const reason = `${describeFailure(error)}. No read of it without the PSU before ${formatBankTime(until)}`;
        await accounts.recordProblem(ref, reason, until);
        return { outcome: { result: "failed", reason, calls: 1 } };
      }
      if (error instanceof AspspError && error.status < 500) await budget.release(key, at);
      if (meansNoLongerShared(error)) {
        const reason = `No longer shared with this app: ${describeFailure(error)}`;
        await accounts.markUnshared(ref, at, describeFailure(error));
        return { outcome: { result: "failed", reason, calls: 1 } };
      }
      if (error instanceof AspspError && error.bankCode === "SCA_EXPIRED") {
        await accounts.recordProblem(ref, describeFailure(error));
        throw new ScaExpired(
          `The bank says the PSU's last SCA is too old (${describeFailure(error)}): nothing more is sent until the PSU renews it`,
        );
      }
      const reason = describeFailure(error);
      await accounts.recordProblem(ref, reason);
      return { outcome: { result: "failed", reason, calls: 1 } };
    }
  }

  /** Skips a read already made for this scheduled time, or while the bank's 429 holds. */
  async function precheck(readAt: Date | null): Promise<ReadOutcome | undefined> {
    const at = await deps.bankNow();
    if (account.blockedUntil !== null && account.blockedUntil > at) {
      return skip(`The bank refused a read with 429 ACCESS_EXCEEDED: none without the PSU before ${formatBankTime(account.blockedUntil)}`);
    }
    if (slot !== undefined && readAt !== null && readAt.getTime() >= slot.getTime()) {
      return skip(`Read at ${formatBankTime(readAt)}, after this scheduled time already`);
    }
    return undefined;
  }

  return {
    async balances(): Promise<ReadOutcome> {
      const early = await precheck(account.balancesReadAt);
      if (early !== undefined) return early;
      const reply = await counted("balances", () =>
        account.kind === "account" ? getBalances(ctx, account.resourceId) : getCardAccountBalances(ctx, account.resourceId),
      );
      if ("outcome" in reply) return reply.outcome;
      const balances: readonly Balance[] = reply.value.balances;
      await accounts.recordBalances(ref, balances, await deps.bankNow(), false);
      return { result: "read", detail: `${balances.length} balance${balances.length === 1 ? "" : "s"}`, calls: 1 };
    },

    async transactions(): Promise<ReadOutcome> {
      const early = await precheck(account.transactionsReadAt);
      if (early !== undefined) return early;
      const today = dateInZone(await deps.bankNow(), BANK_TIME_ZONE);
      // 89 days back, not 90: the bank's today may turn at midnight between this and its check.
      const oldest = addDays(today, -(UNATTENDED_HISTORY_DAYS - 1));
      const synced = account.transactionsSyncedThrough;
      const dateFrom = synced !== null && synced > oldest ? synced : oldest;
      const booked: TransactionToHold[] = [];
      const pending: TransactionToHold[] = [];
      let calls = 0;
      let page: string | undefined;
      for (;;) {
        const query = page === undefined ? { bookingStatus: "both" as const, dateFrom } : { bookingStatus: "both" as const, page };
        const reply = await counted("transactions", () =>
          account.kind === "account"
            ? listTransactions(ctx, account.resourceId, query).then((p: TransactionPage) => ({
                booked: p.booked.map(holdAccountTransaction),
                pending: p.pending.map(holdAccountTransaction),
                next: p.pages.next,
              }))
            : getCardAccountTransactions(ctx, account.resourceId, query).then((p) => ({
                booked: p.booked.map(holdCardTransaction),
                pending: p.pending.map(holdPendingCardTransaction),
                next: p.pages.next,
              })),
        );
        if ("outcome" in reply) {
          if (calls === 0) return reply.outcome;
          // Some pages read: keep them; the dates stay where they were, so the next read goes on.
          await accounts.recordTransactions(ref, {
            booked,
            pending,
            readAt: await deps.bankNow(),
            seenAt: input.now(),
            syncedThrough: undefined,
          });
          const why = reply.outcome.result === "read" ? reply.outcome.detail : reply.outcome.reason;
          return { result: "read", detail: `${booked.length} booked from ${dateFrom} (${calls} pages; the rest next time: ${why})`, calls };
        }
        calls += 1;
        booked.push(...reply.value.booked);
        if (page === undefined) pending.push(...reply.value.pending);
        if (reply.value.next === undefined) break;
        page = reply.value.next;
      }
      await accounts.recordTransactions(ref, { booked, pending, readAt: await deps.bankNow(), seenAt: input.now(), syncedThrough: today });
      return {
        result: "read",
        detail: `${booked.length} booked and ${pending.length} pending from ${dateFrom}${calls > 1 ? ` (${calls} pages)` : ""}`,
        calls,
      };
    },
  };
}

/** Every connected user's refresh, one after another; the users another process refreshes are skipped. */
export async function refreshAllUsers(
  deps: RefreshDeps,
  options: RefreshOptions & { userIds?: readonly string[] },
): Promise<UserRefreshReport[]> {
  const users = createUsersRepository(deps.db);
  const ids = options.userIds ?? (await users.listConnected());
  const reports: UserRefreshReport[] = [];
  for (const id of ids) {
    const user = await users.findById(id);
    if (user === undefined) continue;
    reports.push(await refreshUser(deps, user, options));
  }
  return reports;
}

/** A report as lines for a terminal: per user, per account, what was read and what was skipped and why. */
export function formatRefreshReports(reports: readonly UserRefreshReport[]): string {
  if (reports.length === 0) return "No user is connected to the bank: nothing to read.\n";
  const lines: string[] = [];
  const outcome = (label: string, o: ReadOutcome) =>
    `    ${label}: ${o.result === "read" ? `read, ${o.detail}` : o.result === "skipped" ? `skipped: ${o.reason}` : `refused or failed: ${o.reason}`}`;
  for (const report of reports) {
    lines.push(
      `${report.username} (${report.trigger === "schedule" ? "scheduled" : "by hand"}, bank time ${formatBankTime(new Date(report.at))})`,
    );
    if (report.skipped !== undefined) lines.push(`  skipped: ${report.skipped}`);
    else if (report.accounts.length === 0) lines.push("  no shared account known yet: the PSU lists them once on the Accounts page");
    for (const account of report.accounts) {
      lines.push(`  ${account.name} (${account.kind === "account" ? "account" : "card account"} ${account.resourceId})`);
      lines.push(outcome("balances", account.balances), outcome("transactions", account.transactions));
    }
  }
  return `${lines.join("\n")}\n`;
}

/** One user's refresh in a paragraph, for the control room: when, and per account what was read or skipped and why. */
export function summariseRefreshReport(report: UserRefreshReport): string {
  const when = `At ${formatBankTime(new Date(report.at))} (bank time)`;
  if (report.skipped !== undefined) return `${when} the app read nothing without you: ${report.skipped}.`;
  if (report.accounts.length === 0)
    return `${when} the app knows no shared account of yours yet: open Accounts once, and it reads them from then on.`;
  const words = (o: ReadOutcome) =>
    o.result === "read" ? `read (${o.detail})` : o.result === "skipped" ? `not sent: ${o.reason}` : `refused: ${o.reason}`;
  const parts = report.accounts.map((a) => `${a.name}: balances ${words(a.balances)}; transactions ${words(a.transactions)}`);
  return `${when} the app read without you. ${parts.join(". ")}.`;
}
