import "server-only";
import { isCurrencyCode, minorUnitsOf } from "../../psd2/validation";
import type { BankAccount } from "../ais/ais-types";
import { describeError } from "../describe-error";
import { needsSca } from "../errors";
import { formatWallClock } from "../format-wall-clock";
import { getSandboxClock } from "./get-sandbox-clock";
import { initializeSandbox } from "./initialize-sandbox";
import { listCustomers } from "./list-customers";
import { moveSandboxClock } from "./move-sandbox-clock";
import { runBatch } from "./run-batch";
import type { SandboxContext } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";
import { type ScenarioId, SHORT_OF_FUNDS_AMOUNT } from "./scenarios";
import { setAccountBalance } from "./set-account-balance";
import { describeProcessedPayments, summariseBatchRuns } from "./summarise-batch-runs";

/** What a scenario did: in words, and every reply of the bank's sandbox operations it made. */
export interface ScenarioOutcome {
  readonly id: ScenarioId;
  readonly summary: string;
  readonly replies: readonly SandboxReply<unknown>[];
}

export interface ScenarioDependencies {
  /** Where the replies go as they come (so that a failure's caller still has those before it); default a new list. */
  readonly replies?: SandboxReply<unknown>[];
  /**
   * The signed-in user's consented accounts (GET /v1/accounts for the PSU); undefined when the
   * user has no bank connection. "Short of funds" picks its debtor among them.
   */
  readonly listConsentedAccounts?: (() => Promise<readonly BankAccount[]>) | undefined;
}

/** An instant as Oslo's wall clock: "2 Mar 2026, 12:00". */
export function formatOsloTime(iso: string): string {
  return formatWallClock(new Date(iso), { timeZone: "Europe/Oslo", time: "minutes" });
}

function tenUnits(currency: string): string {
  const digits = isCurrencyCode(currency) ? minorUnitsOf(currency) : 2;
  return digits === null || digits === 2 ? SHORT_OF_FUNDS_AMOUNT : digits === 0 ? "10" : `10.${"0".repeat(digits)}`;
}

/** The debtor a PSU most likely pays from: an enabled current account (CACC), else any enabled one. */
function pickDebtor(accounts: readonly BankAccount[]): BankAccount | undefined {
  const usable = accounts.filter((account) => account.status === undefined || account.status === "enabled");
  return usable.find((account) => account.cashAccountType === "CACC") ?? usable[0];
}

function accountLabel(account: BankAccount): string {
  const number = account.bban ?? account.iban ?? account.id;
  return `${account.name ?? "account"} ${number}`;
}

async function shortOfFunds(
  ctx: SandboxContext,
  dependencies: ScenarioDependencies,
  replies: SandboxReply<unknown>[],
): Promise<ScenarioOutcome> {
  let consented: readonly BankAccount[] = [];
  let unread: string | undefined;
  if (dependencies.listConsentedAccounts !== undefined) {
    try {
      consented = await dependencies.listConsentedAccounts();
    } catch (error) {
      const display = describeError(error);
      if (display === undefined) throw error;
      const what = `${display.title.charAt(0).toLowerCase()}${display.title.slice(1)}${display.requestId === undefined ? "" : `, X-Request-ID ${display.requestId}`}`;
      // An ended approval is cured at the bank: open Accounts to approve again, then this scenario takes one of them.
      const next = needsSca(error) ? "; open Accounts to approve at the bank again, then run this again to use one of yours" : "";
      unread = `your consented accounts could not be read: ${what}${next}`;
    }
  }
  const debtor = pickDebtor(consented);
  let target: { id: string; currency: string; label: string; why: string };
  if (debtor !== undefined) {
    target = { id: debtor.id, currency: debtor.currency, label: accountLabel(debtor), why: "one of the accounts you share with this app" };
  } else {
    const customers = await listCustomers(ctx);
    replies.push(customers);
    const customer = customers.body.customers.find((candidate) => candidate.customerType === "PRIVATE" && candidate.accounts.length > 0);
    const accountId = customer?.accounts[0];
    if (customer === undefined || accountId === undefined) {
      return {
        id: "short-of-funds",
        summary: "No account was changed: you share no account with this app, and the sandbox has no private customer with an account.",
        replies,
      };
    }
    const reason =
      unread ??
      (dependencies.listConsentedAccounts === undefined ? "you have not connected your bank" : "you share no account with this app");
    target = {
      id: accountId,
      currency: "NOK",
      label: `${customer.customerName}'s first account (${accountId})`,
      why: `the first private customer's first account, as ${reason}`,
    };
  }
  const reply = await setAccountBalance(ctx, target.id, { currency: target.currency, amount: tenUnits(target.currency) });
  replies.push(reply);
  const balance = reply.body.balanceAmount;
  return {
    id: "short-of-funds",
    summary: `${target.label} (${target.why}) now has a booked balance of ${balance.currency} ${balance.amount}: a payment from it of more than that is rejected at the next batch run, an instant one at once.`,
    replies,
  };
}

async function sessionExpiry(ctx: SandboxContext, replies: SandboxReply<unknown>[]): Promise<ScenarioOutcome> {
  const reply = await moveSandboxClock(ctx, { advance: "PT1H" });
  replies.push(reply);
  const runs = reply.body.batchRuns.ran === 0 ? "" : ` The hour passed ${summariseBatchRuns(reply.body.batchRuns)}.`;
  return {
    id: "session-expiry",
    summary: `The sandbox clock is one hour ahead, at ${formatOsloTime(reply.body.now)} (Oslo): the SCA of your session has run out, so the next call for your accounts needs a new login at the bank.${runs}`,
    replies,
  };
}

async function endOfDay(ctx: SandboxContext, replies: SandboxReply<unknown>[]): Promise<ScenarioOutcome> {
  const clock = await getSandboxClock(ctx);
  replies.push(clock);
  const next = clock.body.batchSchedule.nextScheduledRun;
  const moved = await moveSandboxClock(ctx, { now: next });
  replies.push(moved);
  const ran = await runBatch(ctx);
  replies.push(ran);
  return {
    id: "end-of-day",
    summary: `The sandbox clock moved to the batch run of ${formatOsloTime(next)} (Oslo), which ${summariseBatchRuns(moved.body.batchRuns)}. Then the batch ran once more: ${describeProcessedPayments(ran.body)}.`,
    replies,
  };
}

async function freshStart(ctx: SandboxContext, replies: SandboxReply<unknown>[]): Promise<ScenarioOutcome> {
  const reply = await initializeSandbox(ctx);
  replies.push(reply);
  const counts = reply.body;
  return {
    id: "fresh-start",
    summary: `The sandbox is initialised for ${counts.today}: ${counts.customers} customers, ${counts.accounts} accounts, ${counts.cardAccounts} card accounts, ${counts.agreements} agreements, ${counts.transactions} transactions and ${counts.cardTransactions} card transactions. Connect your bank again to read accounts.`,
    replies,
  };
}

/**
 * Runs a scenario preset: its calls in order (see SANDBOX_SCENARIOS), and what it did in words.
 * A bank refusal or failure is thrown (AspspError, TppError).
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function runScenario(ctx: SandboxContext, id: ScenarioId, dependencies: ScenarioDependencies = {}): Promise<ScenarioOutcome> {
  const replies = dependencies.replies ?? [];
  switch (id) {
    case "short-of-funds":
      return shortOfFunds(ctx, dependencies, replies);
    case "session-expiry":
      return sessionExpiry(ctx, replies);
    case "end-of-day":
      return endOfDay(ctx, replies);
    case "fresh-start":
      return freshStart(ctx, replies);
  }
}
