import { z } from "zod";
import { safeReturnPath } from "./safe-return-path";
import { ownValue } from "../../psd2/lookup/own-value";

/** What the failure page shows: a title, sentences in plain words, and the bank's own values. */
export interface ScaFailureExplanation {
  readonly title: string;
  readonly sentences: readonly string[];
  /** The values as the bank sent them (system, status, code, message), for support. */
  readonly details: readonly { readonly label: string; readonly value: string }[];
  /** Where "try again" leads (a path of this app). */
  readonly retry: string;
}

const CODE_WORDS: Readonly<Record<string, string>> = {
  SCA_INVALID: "The approval at the bank was cancelled or not completed.",
  SCA_EXPIRED: "The approval at the bank took too long and expired.",
  SCA_NOT_FOUND: "The bank could not find the approval this return belongs to.",
  PSU_CREDENTIALS_INVALID:
    "The bank did not recognise the identity that was entered, or it was not the customer this approval was started for.",
  CONSENT_INVALID: "The consent given at the bank cannot be used.",
  CONSENT_EXPIRED: "The consent given at the bank has expired.",
  CONSENT_UNKNOWN: "The bank does not know the consent this approval was about.",
  PAYMENT_FAILED: "The bank could not carry out the payment.",
  ACCESS_EXCEEDED: "The bank refused because too many requests were made.",
  FORBIDDEN: "The bank does not allow this app to do what was asked.",
  SYSTEM_ERROR: "Something went wrong at the bank.",
};

/** What to do next, where the code alone does not make it plain. */
const CODE_NEXT_STEPS: Readonly<Record<string, string>> = {
  PSU_CREDENTIALS_INVALID:
    "Once the app is connected to a customer, the bank accepts only that customer's login: log in again as that customer, or, to connect a different one, choose “Log in as another customer” on the Corporate page (or “Forget this bank connection” in Settings).",
};

const REFUSALS: Readonly<Record<string, { title: string; sentence: string }>> = {
  "session-mismatch": {
    title: "This return from the bank does not belong to this session",
    sentence:
      "You came back from the bank for an approval that this browser session did not start (its session id does not match). Nothing was changed. Start again from the page you were on.",
  },
  "no-flow": {
    title: "No approval was in progress",
    sentence:
      "You came back from the bank, but no approval was started from this browser (or it was already completed). Nothing was changed.",
  },
  "signed-out": {
    title: "You are not signed in",
    sentence:
      "You came back from the bank, but you are not signed in to the app any more, so the approval cannot be kept. Sign in and start again.",
  },
  "start-failed": {
    title: "The bank could not be asked for an approval",
    sentence: "The app could not start the approval at the bank. Nothing was changed. Try again in a moment.",
  },
  "database-unavailable": {
    title: "The app's database could not be reached",
    sentence:
      "You came back from the bank, but the app could not reach its own database to keep the approval (it may be restarting). What you did at the bank stands there. Try again in a moment: the app then takes this return from the bank again, or, for a payment, reads its status at the bank when you open it.",
  },
  "invalid-parameters": {
    title: "The return from the bank could not be read",
    sentence: "The bank sent you back without the information the app needs (or with information that is malformed). Nothing was changed.",
  },
};

/**
 * The failure page opened with an address the app did not sign (failure-signature.ts): nothing of
 * its query is shown, as it may be anybody's words.
 */
export const UNSIGNED_FAILURE_EXPLANATION: ScaFailureExplanation = {
  title: "This address was not made by the app",
  sentences: [
    "This page explains a return from the bank only when the app itself sent you here. The address you opened was written or changed elsewhere, so nothing in it is shown. Nothing was changed.",
  ],
  details: [],
  retry: "/",
};

const querySchema = z.object({
  reason: z.string().optional(),
  system: z.string().optional(),
  status: z
    .string()
    .regex(/^[1-5][0-9]{2}$/)
    .optional()
    .catch(undefined),
  code: z.string().optional(),
  message: z.string().optional(),
  retry: z.string().optional(),
});

function statusWords(status: number): string {
  if (status >= 500) return `The bank had a problem of its own (HTTP status ${status}); trying again later may help.`;
  if (status === 401 || status === 403) return `The bank did not accept the approval (HTTP status ${status}).`;
  if (status >= 400) return `The bank considered the request invalid (HTTP status ${status}).`;
  return `The bank reported HTTP status ${status}.`;
}

/**
 * The failure page's text for the query `/callback/failed` was sent (callbackFailedPath): the
 * bank's failure redirect (system, status, code, message) or the reason a return was refused,
 * in plain words, with the bank's values kept for support.
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events (failure redirect)
 */
export function explainScaFailure(query: Readonly<Record<string, string | string[] | undefined>>): ScaFailureExplanation {
  const single = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = querySchema.parse(single);
  const retry = safeReturnPath(parsed.retry);
  const problems = query.problem === undefined ? [] : Array.isArray(query.problem) ? query.problem : [query.problem];
  const refusal = ownValue(REFUSALS, parsed.reason);
  if (refusal !== undefined) {
    return {
      title: refusal.title,
      sentences: [refusal.sentence],
      details: problems.map((problem) => ({ label: "Problem", value: problem })),
      retry,
    };
  }
  const sentences: string[] = [];
  const code = parsed.code;
  if (code !== undefined) sentences.push(ownValue(CODE_WORDS, code) ?? `The bank reported the error code ${code}.`);
  const nextStep = ownValue(CODE_NEXT_STEPS, code);
  if (nextStep !== undefined) sentences.push(nextStep);
  if (parsed.status !== undefined) sentences.push(statusWords(Number(parsed.status)));
  if (parsed.system !== undefined && parsed.system !== "") sentences.push(`The bank's system "${parsed.system}" reported it.`);
  if (sentences.length === 0) sentences.push("The bank reported that the approval did not succeed, without saying why.");
  const details = [
    ...(parsed.system === undefined ? [] : [{ label: "System", value: parsed.system }]),
    ...(parsed.status === undefined ? [] : [{ label: "Status", value: parsed.status }]),
    ...(code === undefined ? [] : [{ label: "Code", value: code }]),
    ...(parsed.message === undefined ? [] : [{ label: "Message", value: parsed.message }]),
  ];
  return { title: "The approval at the bank did not succeed", sentences, details, retry };
}
