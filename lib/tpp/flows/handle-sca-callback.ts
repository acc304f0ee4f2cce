import { type FailureRedirectParameters, failureRedirectParametersSchema, type PsuContext, successRedirectParametersSchema } from "../../psd2/schemas";
import type { PsuSession } from "../session/psu-session";
import { safeReturnPath } from "./safe-return-path";

/** An SCA is valid for one hour for (TPP, PSU, TPP-Session-ID). @see psd2-interface.md "Limits" */
export const SCA_VALIDITY_MS = 60 * 60 * 1000;

/** Why a return from the bank was refused (nothing was changed). */
export type CallbackRefusal = "signed-out" | "no-flow" | "session-mismatch" | "invalid-parameters";

export type ScaCallbackOutcome =
  | {
      readonly kind: "success";
      /** Where the flow began. */
      readonly returnTo: string;
      readonly psuId: string;
      readonly psuCorporateId: string | undefined;
      readonly context: PsuContext;
      /** The PSU session after the SCA: valid for an hour, context kept, the pending flow done. */
      readonly session: PsuSession;
    }
  | {
      readonly kind: "failure";
      readonly failure: FailureRedirectParameters;
      /** Where "try again" leads: where the flow began. */
      readonly retry: string;
      /** The session without its pending flow; undefined when there was no flow to end (nothing changes). */
      readonly session: PsuSession | undefined;
    }
  | { readonly kind: "refused"; readonly reason: CallbackRefusal; readonly problems: readonly string[]; readonly retry: string };

const SUCCESS_PARAMETERS = ["psu-id", "psu-corporate-id", "tpp-session-id", "context"];
const FAILURE_PARAMETERS = ["system", "status", "code", "message"];

/** The redirect's parameters as single values; a parameter given twice is a problem, not a choice. */
function readParameters(query: URLSearchParams): { values: Record<string, string>; repeated: string[] } {
  const values: Record<string, string> = {};
  const repeated: string[] = [];
  for (const name of [...SUCCESS_PARAMETERS, ...FAILURE_PARAMETERS]) {
    const all = query.getAll(name);
    if (all.length > 1) repeated.push(name);
    const [first] = all;
    if (first !== undefined) values[name] = first;
  }
  return { values, repeated };
}

function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((issue) => `${issue.path.map(String).join(".") || "parameters"}: ${issue.message}`);
}

/**
 * Decides what a return from the bank to TPP-Redirect-URI means, without changing anything:
 * - success (psu-id, tpp-session-id, context, psu-corporate-id?): only for the signed-in user
 *   whose PSU session has a pending flow with the same TPP-Session-ID; then the PSU-ID and
 *   context are to be kept, and the SCA is valid for an hour;
 * - failure (system, status, code, message): explained, the pending flow ended;
 * - anything else is refused and changes nothing.
 * @see psd2-interface.md "Redirect parameters", "Events"; supplement.md §7
 */
export function handleScaCallback(input: {
  readonly query: URLSearchParams;
  readonly userId: string | undefined;
  readonly session: PsuSession | undefined;
  readonly now: Date;
}): ScaCallbackOutcome {
  const { values, repeated } = readParameters(input.query);
  const pending = input.session?.pending;
  const retry = safeReturnPath(pending?.returnTo);
  const refuse = (reason: CallbackRefusal, problems: readonly string[] = []): ScaCallbackOutcome => ({ kind: "refused", reason, problems, retry });
  if (repeated.length > 0) return refuse("invalid-parameters", repeated.map((name) => `${name}: given more than once`));

  const isSuccess = SUCCESS_PARAMETERS.some((name) => values[name] !== undefined);
  const isFailure = FAILURE_PARAMETERS.some((name) => values[name] !== undefined);
  if (isSuccess && !isFailure) {
    const parsed = successRedirectParametersSchema.safeParse(values);
    if (!parsed.success) return refuse("invalid-parameters", problemsOf(parsed.error.issues));
    if (input.userId === undefined) return refuse("signed-out");
    if (input.session === undefined || pending === undefined) return refuse("no-flow");
    const params = parsed.data;
    if (params["tpp-session-id"] !== pending.tppSessionId) {
      return refuse("session-mismatch", [`tpp-session-id '${params["tpp-session-id"]}' is not the one of the flow started here`]);
    }
    const psuCorporateId = params["psu-corporate-id"];
    const { pending: _done, psuCorporateId: _previous, ...rest } = input.session;
    return {
      kind: "success",
      returnTo: safeReturnPath(pending.returnTo),
      psuId: params["psu-id"],
      psuCorporateId,
      context: params.context,
      session: {
        ...rest,
        tppSessionId: params["tpp-session-id"],
        scaValidUntil: new Date(input.now.getTime() + SCA_VALIDITY_MS).toISOString(),
        context: params.context,
        ...(psuCorporateId === undefined ? {} : { psuCorporateId }),
      },
    };
  }
  if (isFailure && !isSuccess) {
    const parsed = failureRedirectParametersSchema.safeParse(values);
    if (!parsed.success) return refuse("invalid-parameters", problemsOf(parsed.error.issues));
    // An aborted SCA leaves the earlier SCA valid (psd2-interface.md, SCA session moves): only the flow ends.
    const session = input.userId !== undefined && input.session !== undefined && pending !== undefined ? endFlow(input.session) : undefined;
    return { kind: "failure", failure: parsed.data, retry, session };
  }
  return refuse(
    "invalid-parameters",
    isSuccess ? ["the return carries both success and failure parameters"] : ["the return carries neither psu-id and tpp-session-id nor status and code"],
  );
}

function endFlow(session: PsuSession): PsuSession {
  const { pending: _done, ...rest } = session;
  return rest;
}

/** The page that explains a failed or refused return, with what it needs in its query. */
export function callbackFailedPath(outcome: Exclude<ScaCallbackOutcome, { kind: "success" }>): string {
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
