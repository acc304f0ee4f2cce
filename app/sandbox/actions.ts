"use server";

import { revalidatePath } from "next/cache";
import { listAccounts } from "@/lib/tpp/ais/list-accounts";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { describeError } from "@/lib/tpp/describe-error";
import { addAccountTransactions } from "@/lib/tpp/sandbox/add-account-transactions";
import { addCardTransactions } from "@/lib/tpp/sandbox/add-card-transactions";
import { createAccount } from "@/lib/tpp/sandbox/create-account";
import { createAgreement } from "@/lib/tpp/sandbox/create-agreement";
import { createCardAccount } from "@/lib/tpp/sandbox/create-card-account";
import { createCustomer } from "@/lib/tpp/sandbox/create-customer";
import { collectFormErrors } from "@/lib/tpp/forms/tpp-message-fields";
import {
  issueFromTppMessage,
  parseSandboxForm,
  type SandboxFormKind,
  type SandboxFormRequests,
  type SandboxFormState,
} from "@/lib/tpp/sandbox/forms";
import { getSandboxClock } from "@/lib/tpp/sandbox/get-sandbox-clock";
import { initializeSandbox } from "@/lib/tpp/sandbox/initialize-sandbox";
import { moveSandboxClock, type SandboxClockMove } from "@/lib/tpp/sandbox/move-sandbox-clock";
import { runRefreshNow } from "@/lib/tpp/refresh/app-refresh";
import { summariseRefreshReport } from "@/lib/tpp/refresh/run-refresh";
import { runBatch } from "@/lib/tpp/sandbox/run-batch";
import { formatOsloTime, runScenario } from "@/lib/tpp/sandbox/run-scenario";
import { getSandboxContext, isSandboxEnvironment, type SandboxContext } from "@/lib/tpp/sandbox/sandbox-context";
import type { SandboxReply } from "@/lib/tpp/sandbox/sandbox-reply";
import { isScenarioId } from "@/lib/tpp/sandbox/scenarios";
import { setAccountBalance } from "@/lib/tpp/sandbox/set-account-balance";
import { setCardAccountBalance } from "@/lib/tpp/sandbox/set-card-account-balance";
import { summariseBatchRuns } from "@/lib/tpp/sandbox/summarise-batch-runs";

const PAGE = "/sandbox";

/** What each action answers in production, before anything else: there is no sandbox there. */
const REFUSED: SandboxFormState = {
  outcome: {
    kind: "refused",
    message: "This app runs in production: the sandbox operations do not exist here, and nothing was sent to the bank.",
  },
};

/** The bank's replies of an action, in order, kept as they come (a failure shows those before it). */
type Replies = SandboxReply<unknown>[];

/**
 * Makes the calls of an action and tells the outcome: done (in words, with the replies; the
 * page's data read again), or the bank's refusal or the failure as the page shows it, with the
 * replies before it. Errors that are not the TPP core's go on to the error page.
 */
async function perform(call: (ctx: SandboxContext, replies: Replies) => Promise<string>): Promise<SandboxFormState> {
  const replies: Replies = [];
  try {
    const summary = await call(await getSandboxContext(PAGE), replies);
    revalidatePath(PAGE);
    return { outcome: { kind: "done", summary, replies } };
  } catch (error) {
    const display = describeError(error);
    if (display === undefined) throw error;
    revalidatePath(PAGE);
    return { outcome: { kind: "failed", summary: display.summary, error: display, replies } };
  }
}

/**
 * A form's action: the values judged again by the form's model (lib/psd2's schema of the
 * operation), then the call; a bank refusal's tppMessages go back onto the fields their path names.
 */
async function performForm<K extends SandboxFormKind>(
  kind: K,
  formData: FormData,
  call: (ctx: SandboxContext, request: SandboxFormRequests[K], replies: Replies) => Promise<string>,
): Promise<SandboxFormState> {
  if (!isSandboxEnvironment()) return REFUSED;
  await requireCurrentUser(PAGE);
  const submission = parseSandboxForm(kind, formData);
  if (submission.status !== "success") return { submission: submission.reply() };
  const request = submission.value;
  const state = await perform((ctx, replies) => call(ctx, request, replies));
  if (state.outcome?.kind !== "failed") return { ...state, submission: submission.reply() };
  const { fieldErrors, formErrors } = collectFormErrors(
    state.outcome.error.tppMessages.map((message) => issueFromTppMessage(kind, message)),
  );
  return { ...state, submission: submission.reply({ fieldErrors, formErrors }) };
}

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Sets the sandbox clock to a date-time (Oslo's wall clock), running or frozen. */
export async function setClock(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("clock", formData, async (ctx, move, replies) => {
    const reply = await moveSandboxClock(ctx, move);
    replies.push(reply);
    return `The sandbox clock is at ${formatOsloTime(reply.body.now)} (Oslo), ${reply.body.frozen ? "frozen" : "running"}; the move ${summariseBatchRuns(reply.body.batchRuns)}.`;
  });
}

const QUICK_MOVES: Readonly<Record<string, SandboxClockMove | "next-batch-run">> = {
  "advance-hour": { advance: "PT1H" },
  "advance-day": { advance: "P1D" },
  "next-batch-run": "next-batch-run",
  freeze: { frozen: true },
  release: { frozen: false },
  reset: { reset: true },
};

/** The clock's buttons: an hour or a day ahead, to the next batch run, freeze, release, back to the real time. */
export async function moveClock(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  if (!isSandboxEnvironment()) return REFUSED;
  await requireCurrentUser(PAGE);
  const chosen = QUICK_MOVES[text(formData, "move") ?? ""];
  if (chosen === undefined) return { outcome: { kind: "invalid", message: "Choose one of the clock's buttons." } };
  return perform(async (ctx, replies) => {
    let move: SandboxClockMove;
    if (chosen === "next-batch-run") {
      const clock = await getSandboxClock(ctx);
      replies.push(clock);
      move = { now: clock.body.batchSchedule.nextScheduledRun };
    } else {
      move = chosen;
    }
    const reply = await moveSandboxClock(ctx, move);
    replies.push(reply);
    return `The sandbox clock is at ${formatOsloTime(reply.body.now)} (Oslo), ${reply.body.frozen ? "frozen" : "running"}; the move ${summariseBatchRuns(reply.body.batchRuns)}.`;
  });
}

/**
 * The app's refresh without the PSU, now, for the signed-in user (as the schedule runs it, within
 * the same budget): what it read and what it did not send, in words.
 */
export async function runAppRefresh(_previous: SandboxFormState, _formData: FormData): Promise<SandboxFormState> {
  if (!isSandboxEnvironment()) return REFUSED;
  const user = await requireCurrentUser(PAGE);
  try {
    const [report] = await runRefreshNow([user.id]);
    revalidatePath("/");
    return {
      outcome: {
        kind: "done",
        summary: report === undefined ? "You are not connected to the bank: there is nothing to read." : summariseRefreshReport(report),
        replies: [],
      },
    };
  } catch (error) {
    const display = describeError(error);
    if (display === undefined) throw error;
    return { outcome: { kind: "failed", summary: display.summary, error: display, replies: [] } };
  }
}

/** Runs the payment batch now (POST /v1/sandbox/batch-runs). */
export async function runBatchNow(_previous: SandboxFormState, _formData: FormData): Promise<SandboxFormState> {
  if (!isSandboxEnvironment()) return REFUSED;
  await requireCurrentUser(PAGE);
  return perform(async (ctx, replies) => {
    const reply = await runBatch(ctx);
    replies.push(reply);
    return `At ${formatOsloTime(reply.body.now)} (Oslo) the bank ${summariseBatchRuns(reply.body)}.`;
  });
}

/** A scenario preset, one click. */
export async function runScenarioPreset(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  if (!isSandboxEnvironment()) return REFUSED;
  const user = await requireCurrentUser(PAGE);
  const id = formData.get("scenario");
  if (!isScenarioId(id)) return { outcome: { kind: "invalid", message: "Choose one of the scenarios." } };
  return perform(async (ctx, replies) => {
    const outcome = await runScenario(ctx, id, {
      replies,
      listConsentedAccounts: user.psuId === undefined ? undefined : async () => listAccounts(await getAspspContext({ returnTo: PAGE })),
    });
    return outcome.summary;
  });
}

/** Initialises the sandbox, once the box saying what is lost is ticked. */
export async function initialize(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("initialize", formData, async (ctx, _request, replies) => {
    const reply = await initializeSandbox(ctx);
    const counts = reply.body;
    replies.push(reply);
    return `The sandbox is initialised for ${counts.today}: ${counts.customers} customers, ${counts.accounts} accounts, ${counts.cardAccounts} card accounts, ${counts.agreements} agreements.`;
  });
}

export async function createCustomerAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("customer", formData, async (ctx, body, replies) => {
    const reply = await createCustomer(ctx, body);
    replies.push(reply);
    return `Customer ${reply.body.customerName} (${reply.body.customerNumber}, ${reply.body.customerType.toLowerCase()}) made: id ${reply.body.customerId}.`;
  });
}

export async function createAccountAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("account", formData, async (ctx, body, replies) => {
    const reply = await createAccount(ctx, body);
    const account = reply.body;
    replies.push(reply);
    return `Account ${account.name} made: BBAN ${account.bban}, IBAN ${account.iban}, balance ${account.balance.currency} ${account.balance.amount}.`;
  });
}

export async function createCardAccountAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("card-account", formData, async (ctx, body, replies) => {
    const reply = await createCardAccount(ctx, body);
    const card = reply.body;
    replies.push(reply);
    return `Card account ${card.name} made: ${card.maskedPan}, credit limit ${card.creditLimit.currency} ${card.creditLimit.amount}.`;
  });
}

export async function createAgreementAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("agreement", formData, async (ctx, body, replies) => {
    const reply = await createAgreement(ctx, body);
    const agreement = reply.body;
    replies.push(reply);
    return `Agreement ${agreement.name} (${agreement.organisationNumber}) made over ${agreement.engagements.length} account${agreement.engagements.length === 1 ? "" : "s"}: its id ${agreement.id} is the PSU-Corporate-ID.`;
  });
}

export async function addAccountTransactionAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("account-transaction", formData, async (ctx, { accountId, transactions }, replies) => {
    const reply = await addAccountTransactions(ctx, accountId, transactions);
    const balance = reply.body.account.balance;
    const count = reply.body.transactions.length;
    replies.push(reply);
    return `${count} transaction${count === 1 ? "" : "s"} added; the account's booked balance is ${balance.currency} ${balance.amount}.`;
  });
}

export async function addCardTransactionAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("card-transaction", formData, async (ctx, { cardAccountId, transactions }, replies) => {
    const reply = await addCardTransactions(ctx, cardAccountId, transactions);
    const balance = reply.body.cardAccount.balance;
    const count = reply.body.cardTransactions.length;
    replies.push(reply);
    return `${count} card transaction${count === 1 ? "" : "s"} added; the card account's booked balance is ${balance.currency} ${balance.amount}.`;
  });
}

export async function setBalanceAction(_previous: SandboxFormState, formData: FormData): Promise<SandboxFormState> {
  return performForm("balance", formData, async (ctx, { target, id, balanceAmount }, replies) => {
    const reply = target === "card" ? await setCardAccountBalance(ctx, id, balanceAmount) : await setAccountBalance(ctx, id, balanceAmount);
    replies.push(reply);
    return `The booked balance of ${target === "card" ? "card account" : "account"} ${id} is ${reply.body.balanceAmount.currency} ${reply.body.balanceAmount.amount}.`;
  });
}
