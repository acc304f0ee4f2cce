import type { AspspCaller } from "../aspsp/aspsp-caller";
import { AspspError, TppError } from "../errors";
import type { ScaCallbackOutcome } from "../flows/handle-sca-callback";
import type { EndFlowInput, FlowsRepository, StartFlowInput } from "./flows-repository";

/**
 * The recording hooks of the flows: where a flow starts (submitPayment, redirectToBankForSca),
 * the app's redirect to the bank, the bank's return to the callback and how the flow ended. They
 * never throw: a flow diagram must never break the flow it draws (a failure is logged).
 */

/** The HTTP status of the app's redirect to the bank: a Server Action answers 303, a Route Handler's redirect() 307. */
export type RedirectStatus = 303 | 307;

/** The query parameter of the bank's scaRedirect that carries the journey's single-use secret. */
const SECRET_PARAMETER = "token";

async function safely(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(`tpp: could not record ${what} of a flow: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The bank's scaRedirect as the flow keeps it: the value of its `token` (the journey's single-use
 * secret) replaced by "…", everything else as the bank sent it.
 */
export function redactScaRedirect(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const hash = url.indexOf("#", query);
  const end = hash === -1 ? url.length : hash;
  const parameters = url
    .slice(query + 1, end)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed name is kept as it is; only the secret's value is replaced.
      }
      return decoded.toLowerCase() === SECRET_PARAMETER && equals !== -1 ? `${name}=…` : pair;
    });
  return `${url.slice(0, query)}?${parameters.join("&")}${url.slice(end)}`;
}

/** Why a flow failed, in a line: the bank's status and first tppMessage, or the TPP's error code. */
export function describeFlowFailure(error: unknown): string {
  if (error instanceof AspspError) {
    const [first] = error.tppMessages;
    return `The bank answered ${error.status}${first === undefined ? "" : ` ${first.code}${first.text === undefined ? "" : `: ${first.text}`}`}`;
  }
  if (error instanceof TppError) return `${error.code}: ${error.message}`;
  return "An unexpected error ended the flow";
}

/**
 * Names the flow of a caller's calls where it starts (its first bank call may come next), or
 * again once what it concerns is known; nothing for a caller without a user or a flow.
 */
export async function recordFlowStart(
  flows: FlowsRepository,
  caller: AspspCaller,
  start: Omit<StartFlowInput, "id" | "userId">,
): Promise<void> {
  const { userId, flowId } = caller;
  if (userId === undefined || flowId === undefined) return;
  await safely("the start", () => flows.start({ ...start, id: flowId, userId }));
}

/** Ends the flow of a caller's calls: completed, failed (with why), refused. */
export async function recordFlowEnd(flows: FlowsRepository, caller: AspspCaller, end: EndFlowInput): Promise<void> {
  const { userId, flowId } = caller;
  if (userId === undefined || flowId === undefined) return;
  await safely("the end", () => flows.end(userId, flowId, end));
}

/**
 * The app sends the browser to the bank's scaRedirect: the flow is named (or named again) with
 * what it approves and where it returns, and the redirect kept as its to-bank leg.
 */
export function recordRedirectToBank(
  flows: FlowsRepository,
  input: StartFlowInput & { readonly path: string; readonly scaRedirect: string; readonly status: RedirectStatus },
): Promise<void> {
  const { scaRedirect, status, ...start } = input;
  return safely("the redirect to the bank", async () => {
    if (!(await flows.start(start))) return;
    await flows.addLeg(input.userId, input.id, { at: input.at, kind: "to-bank", url: redactScaRedirect(scaRedirect), status });
  });
}

/** What the PSU did at the bank, as the bank's return tells it: approved, cancelled, expired, failed: CODE. */
export function scaResultOf(query: URLSearchParams): string {
  if (query.has("psu-id") || query.has("tpp-session-id")) return "approved";
  const code = query.get("code");
  if (code === null) return "returned";
  if (code === "SCA_INVALID") return "cancelled";
  if (code === "SCA_EXPIRED") return "expired";
  return `failed: ${code.slice(0, 64)}`;
}

function returnWord(outcome: ScaCallbackOutcome): string {
  if (outcome.kind === "refused") return `refused (${outcome.reason})`;
  return outcome.kind;
}

/**
 * The bank sent the browser back to the callback, and the app answered with a redirect to
 * `location`: kept on the flow the return names (the approval it completed, else its `flow`
 * parameter) when that flow is the signed-in user's, and nowhere otherwise. Adds the PSU's time
 * at the bank (once per redirect to it), the return with its parameters, and the flow's outcome:
 * completed, failed (the bank's failure redirect), or refused (only while it was waiting).
 */
export async function recordScaReturn(
  flows: FlowsRepository,
  input: {
    readonly userId: string | undefined;
    readonly query: URLSearchParams;
    readonly outcome: ScaCallbackOutcome;
    readonly receivedAt: Date;
    readonly answeredAt: Date;
    /** The app path the callback's 303 sends the browser to. */
    readonly location: string;
  },
): Promise<void> {
  const { userId, query, outcome, receivedAt, answeredAt } = input;
  if (userId === undefined) return;
  const matched = outcome.kind === "refused" ? undefined : outcome.authorisation;
  const flowId = matched?.flowId ?? query.get("flow") ?? undefined;
  if (flowId === undefined) return;
  await safely("the return from the bank", async () => {
    const flow = await flows.find(userId, flowId);
    if (flow === undefined) return;
    const legs = await flows.legs(userId, flowId);
    const toBank = legs.findLast((leg) => leg.kind === "to-bank");
    const scaRecorded = toBank !== undefined && legs.some((leg) => leg.kind === "sca" && leg.at.getTime() >= toBank.at.getTime());
    if (toBank !== undefined && !scaRecorded && toBank.at.getTime() <= receivedAt.getTime()) {
      await flows.addLeg(userId, flowId, {
        at: toBank.at,
        kind: "sca",
        detail: scaResultOf(query),
        durationMs: receivedAt.getTime() - toBank.at.getTime(),
      });
    }
    await flows.addLeg(userId, flowId, {
      at: receivedAt,
      kind: "from-bank",
      url: `/callback?${query.toString()}`,
      status: 303,
      detail: `${returnWord(outcome)} → ${input.location}`,
      durationMs: answeredAt.getTime() - receivedAt.getTime(),
    });
    if (outcome.kind === "success") {
      await flows.end(userId, flowId, { outcome: "completed", at: answeredAt });
    } else if (outcome.kind === "failure" && (matched !== undefined || flow.outcome === "waiting")) {
      const { code, message } = outcome.failure;
      await flows.end(userId, flowId, {
        outcome: "failed",
        at: answeredAt,
        detail: `${code}${message === undefined ? "" : `: ${message}`}`,
      });
    } else if (outcome.kind === "refused" && flow.outcome === "waiting") {
      await flows.end(userId, flowId, {
        outcome: "refused",
        at: answeredAt,
        detail: [`The app refused the return (${outcome.reason})`, ...outcome.problems].join("; "),
      });
    }
  });
}
