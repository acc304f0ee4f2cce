import {
  type FailureRedirectParameters,
  failureRedirectParametersSchema,
  type PsuContext,
  successRedirectParametersSchema,
} from "../../psd2/schemas";
import { type PendingAuthorisation, pendingAuthorisations, type PsuSession, removeAuthorisation } from "../session/psu-session-data";
import { connectPathFor } from "./connect-path";
import { safeReturnPath } from "./safe-return-path";

/** An SCA is valid for one hour for (TPP, PSU, TPP-Session-ID). @see docs/interface/limits.md#limits-in-the-spec */
export const SCA_VALIDITY_MS = 60 * 60 * 1000;

/** Why a return from the bank was refused (nothing was changed). */
export type CallbackRefusal = "signed-out" | "no-flow" | "session-mismatch" | "invalid-parameters";

export type ScaCallbackOutcome =
  | {
      readonly kind: "success";
      /** The approval this return completes (consent, identification, payment, basket). */
      readonly authorisation: PendingAuthorisation;
      /** Where the flow began. */
      readonly returnTo: string;
      readonly psuId: string;
      readonly psuCorporateId: string | undefined;
      readonly context: PsuContext;
      /** The PSU session after the SCA: valid for an hour, context kept, this approval done. */
      readonly session: PsuSession;
    }
  | {
      /**
       * A success redirect with another psu-id than the user's, for an approval that was not
       * started to connect another customer (newPsu): nothing is replaced; the session holds the
       * return (psuChange) until the user chooses to replace the PSU-ID or keep it.
       */
      readonly kind: "psu-changed";
      readonly authorisation: PendingAuthorisation;
      readonly currentPsuId: string;
      readonly psuId: string;
      /** The PSU session with this approval no longer waiting and the return held in psuChange. */
      readonly session: PsuSession;
    }
  | {
      readonly kind: "failure";
      readonly failure: FailureRedirectParameters;
      /** The approval the bank reports as failed (a failure that names none is refused: no-flow). */
      readonly authorisation: PendingAuthorisation;
      /** Where "try again" leads: the same approval started again (a consent's, an identification's), else where the flow began. */
      readonly retry: string;
      /** The session without that approval. */
      readonly session: PsuSession;
    }
  | { readonly kind: "refused"; readonly reason: CallbackRefusal; readonly problems: readonly string[]; readonly retry: string };

const SUCCESS_PARAMETERS = ["psu-id", "psu-corporate-id", "tpp-session-id", "context"];
const FAILURE_PARAMETERS = ["system", "status", "code", "message"];
/** The app's own parameter of TPP-Redirect-URI: the flow the SCA was started for. */
const FLOW_PARAMETER = "flow";

/** The redirect's parameters as single values; a parameter given twice is a problem, not a choice. */
function readParameters(query: URLSearchParams): { values: Record<string, string>; flow: string | undefined; repeated: string[] } {
  const values: Record<string, string> = {};
  const repeated: string[] = [];
  for (const name of [...SUCCESS_PARAMETERS, ...FAILURE_PARAMETERS, FLOW_PARAMETER]) {
    const all = query.getAll(name);
    if (all.length > 1) repeated.push(name);
    const [first] = all;
    if (first !== undefined && name !== FLOW_PARAMETER) values[name] = first;
  }
  return { values, flow: query.get(FLOW_PARAMETER) ?? undefined, repeated };
}

function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((issue) => `${issue.path.map(String).join(".") || "parameters"}: ${issue.message}`);
}

/**
 * The approval a return belongs to: the one whose flow id the redirect carries. A bank that
 * dropped the TPP-Redirect-URI's own query would send no flow: then only a single waiting
 * approval can be meant, never a guess among several.
 */
function findAuthorisation(waiting: readonly PendingAuthorisation[], flow: string | undefined): PendingAuthorisation | undefined {
  if (flow !== undefined) return waiting.find((authorisation) => authorisation.flowId === flow);
  return waiting.length === 1 ? waiting[0] : undefined;
}

/**
 * Where "try again" leads after the bank reports a failed approval: a consent or identification
 * starts again at the bank (/connect, the same purpose, any customer again if any could log in),
 * since going back to the page would only show what the failed SCA left; a payment or basket
 * returns to its own page, which offers its approval again.
 */
function retryAfterFailure(authorisation: PendingAuthorisation): string {
  if (authorisation.kind === "consent" || authorisation.kind === "identify") {
    return connectPathFor(authorisation.returnTo, { purpose: authorisation.kind, newPsu: authorisation.newPsu === true });
  }
  return safeReturnPath(authorisation.returnTo);
}

/**
 * Decides what a return from the bank to TPP-Redirect-URI means, without changing anything:
 * - success (psu-id, tpp-session-id, context, psu-corporate-id?): only for the signed-in user
 *   whose PSU session holds the approval the redirect's `flow` names, with the same
 *   TPP-Session-ID; then the PSU-ID and context are to be kept, the SCA is valid for an hour,
 *   and that approval (and no other) is done;
 *   A psu-id other than the user's PSU-ID (`psuId`) replaces it only when the approval was
 *   started to connect another customer (newPsu); otherwise the return is held (psu-changed)
 *   and the user is asked;
 * - failure (system, status, code, message): explained, that approval ended; one that names no
 *   approval waiting in this browser is refused like a success would be (signed-out, no-flow),
 *   never shown as the bank's words;
 * - anything else is refused and changes nothing (another tab's approvals stay waiting).
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events, docs/interface/redirect-parameters.md#events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export function handleScaCallback(input: {
  readonly query: URLSearchParams;
  readonly userId: string | undefined;
  /** The user's PSU-ID (from an earlier SCA), if the app has one. */
  readonly psuId?: string | undefined;
  readonly session: PsuSession | undefined;
  /** The app's time: approvals wait AUTHORISATION_TTL_MS from when they started. */
  readonly now: Date;
  /** The bank's time (its sandbox clock in the sandbox): the SCA is valid for an hour from it. Default: now. */
  readonly bankNow?: Date;
}): ScaCallbackOutcome {
  const { values, flow, repeated } = readParameters(input.query);
  const waiting = input.session === undefined ? [] : pendingAuthorisations(input.session, input.now);
  const authorisation = findAuthorisation(waiting, flow);
  const retry = safeReturnPath(authorisation?.returnTo);
  const refuse = (reason: CallbackRefusal, problems: readonly string[] = []): ScaCallbackOutcome => ({
    kind: "refused",
    reason,
    problems,
    retry,
  });
  if (repeated.length > 0)
    return refuse(
      "invalid-parameters",
      repeated.map((name) => `${name}: given more than once`),
    );

  const isSuccess = SUCCESS_PARAMETERS.some((name) => values[name] !== undefined);
  const isFailure = FAILURE_PARAMETERS.some((name) => values[name] !== undefined);
  if (isSuccess && !isFailure) {
    const parsed = successRedirectParametersSchema.safeParse(values);
    if (!parsed.success) return refuse("invalid-parameters", problemsOf(parsed.error.issues));
    if (input.userId === undefined) return refuse("signed-out");
    if (input.session === undefined || authorisation === undefined) {
      return refuse("no-flow", flow === undefined ? [] : [`no approval of flow '${flow.slice(0, 64)}' is waiting in this browser`]);
    }
    const params = parsed.data;
    if (params["tpp-session-id"] !== authorisation.tppSessionId) {
      return refuse("session-mismatch", [`tpp-session-id '${params["tpp-session-id"]}' is not the one of the flow started here`]);
    }
    const psuCorporateId = params["psu-corporate-id"];
    const scaValidUntil = new Date((input.bankNow ?? input.now).getTime() + SCA_VALIDITY_MS).toISOString();
    const anotherCustomerExpected =
      (authorisation.kind === "consent" || authorisation.kind === "identify") && authorisation.newPsu === true;
    if (input.psuId !== undefined && params["psu-id"] !== input.psuId && !anotherCustomerExpected) {
      return {
        kind: "psu-changed",
        authorisation,
        currentPsuId: input.psuId,
        psuId: params["psu-id"],
        session: {
          ...removeAuthorisation(input.session, authorisation.flowId, input.now),
          psuChange: {
            authorisation,
            currentPsuId: input.psuId,
            psuId: params["psu-id"],
            ...(psuCorporateId === undefined ? {} : { psuCorporateId }),
            context: params.context,
            tppSessionId: params["tpp-session-id"],
            scaValidUntil,
            receivedAt: input.now.toISOString(),
          },
        },
      };
    }
    const { psuCorporateId: _previous, psuChange: _held, ...rest } = removeAuthorisation(input.session, authorisation.flowId, input.now);
    return {
      kind: "success",
      authorisation,
      returnTo: safeReturnPath(authorisation.returnTo),
      psuId: params["psu-id"],
      psuCorporateId,
      context: params.context,
      session: {
        ...rest,
        tppSessionId: params["tpp-session-id"],
        scaValidUntil,
        context: params.context,
        ...(psuCorporateId === undefined ? {} : { psuCorporateId }),
      },
    };
  }
  if (isFailure && !isSuccess) {
    const parsed = failureRedirectParametersSchema.safeParse(values);
    if (!parsed.success) return refuse("invalid-parameters", problemsOf(parsed.error.issues));
    // A failure for no approval of this browser is nobody's: refused like a forged success.
    if (input.userId === undefined) return refuse("signed-out");
    if (input.session === undefined || authorisation === undefined) {
      return refuse("no-flow", flow === undefined ? [] : [`no approval of flow '${flow.slice(0, 64)}' is waiting in this browser`]);
    }
    // An aborted SCA leaves the earlier SCA valid (docs/interface/states.md#sca-session-moves): only its approval ends.
    return {
      kind: "failure",
      failure: parsed.data,
      authorisation,
      retry: retryAfterFailure(authorisation),
      session: removeAuthorisation(input.session, authorisation.flowId, input.now),
    };
  }
  return refuse(
    "invalid-parameters",
    isSuccess
      ? ["the return carries both success and failure parameters"]
      : ["the return carries neither psu-id and tpp-session-id nor status and code"],
  );
}

/** The page that explains a failed or refused return, with what it needs in its query. */
export function callbackFailedPath(outcome: Extract<ScaCallbackOutcome, { kind: "failure" | "refused" }>): string {
  const query = new URLSearchParams();
  if (outcome.kind === "failure") {
    query.set("reason", "bank");
    if (outcome.failure.system !== undefined) query.set("system", outcome.failure.system);
    query.set("status", String(outcome.failure.status));
    query.set("code", outcome.failure.code);
    if (outcome.failure.message !== undefined) query.set("message", outcome.failure.message);
  } else {
    query.set("reason", outcome.reason);
    for (const problem of outcome.problems) query.append("problem", problem);
  }
  query.set("retry", outcome.retry);
  return `/callback/failed?${query.toString()}`;
}

/**
 * Where a failed payment or basket approval returns: its own page, with the bank's failure in the
 * query (`scaFailed=1&status&code&message&system`, read back with explainScaFailure), so the PSU
 * sees the bank's status of what was refused next to why.
 */
export function approvalFailedPath(returnTo: string, failure: FailureRedirectParameters): string {
  const path = safeReturnPath(returnTo);
  const hash = path.indexOf("#");
  const base = hash === -1 ? path : path.slice(0, hash);
  const query = new URLSearchParams();
  query.set("scaFailed", "1");
  if (failure.system !== undefined) query.set("system", failure.system);
  query.set("status", String(failure.status));
  query.set("code", failure.code);
  if (failure.message !== undefined) query.set("message", failure.message);
  return `${base}${base.includes("?") ? "&" : "?"}${query.toString()}`;
}
