import "server-only";
import type { PsuContext } from "../../psd2/schemas";
import { type AppUser, getCurrentUser } from "../auth/get-current-user";
import { getAppClock, invalidateAppClock } from "../clock/get-app-clock";
import { getTppConfig } from "../config";
import { isDatabaseUnavailable } from "../db/database-unavailable";
import { describeError } from "../describe-error";
import { recordFlowEnd, recordScaReturn } from "../flow-diagrams/record-flow";
import { completeBasketApproval } from "../payments/complete-basket-approval";
import { completePaymentApproval } from "../payments/complete-payment-approval";
import { getTppRuntime } from "../runtime";
import { createPsuSession, type PendingAuthorisation, type PsuSession, readPsuSession, writePsuSession } from "../session/psu-session";
import { signFailurePath } from "./failure-signature";
import { approvalFailedPath, callbackFailedPath, handleScaCallback } from "./handle-sca-callback";
import { safeReturnPath } from "./safe-return-path";

/** The page that asks whether to replace the PSU-ID when the bank sent another customer's. */
export const PSU_CHANGED_PATH = "/callback/psu-changed";

/** What a success redirect leaves to keep: the approval, the PSU-ID and context, and the session after it. */
interface ScaSuccess {
  readonly authorisation: PendingAuthorisation;
  readonly psuId: string;
  readonly psuCorporateId: string | undefined;
  readonly context: PsuContext;
  readonly session: PsuSession;
}

/**
 * Keeps what a success redirect brought: the psu-id on the user (another customer's: the previous
 * PSU's agreements forgotten), the psu-corporate-id, the PSU session after the SCA, and completes
 * what was approved (a payment's or basket's status read and kept).
 */
async function keepScaSuccess(user: AppUser, success: ScaSuccess, now: Date): Promise<void> {
  const { users, sharedAccounts } = await getTppRuntime();
  // Another customer logged in at the bank: the agreements and accounts of the previous PSU are not this one's.
  if (user.psuId !== undefined && user.psuId !== success.psuId) {
    await users.forgetCorporateIds(user.id);
    await sharedAccounts.forgetUser(user.id);
  }
  await users.setPsuId(user.id, success.psuId, now);
  // Reads without the PSU are allowed for 180 days from this SCA, on the bank's clock.
  await users.recordSca(user.id, (await getAppClock()).now());
  if (success.psuCorporateId !== undefined) await users.rememberCorporateId(user.id, { psuCorporateId: success.psuCorporateId }, now);
  await writePsuSession(success.session);
  if (success.authorisation.kind === "payment") await completePaymentApproval(user.id, success.authorisation, undefined);
  if (success.authorisation.kind === "basket") await completeBasketApproval(user.id, success.authorisation, undefined);
}

/**
 * The SCA callback (the route at TPP-Redirect-URI): decides with handleScaCallback, then on
 * success keeps the psu-id on the user (and the psu-corporate-id), updates the PSU session (the
 * SCA valid for an hour on the bank's clock), completes what was approved (a payment's status is
 * read and kept) and returns the absolute URL to send the browser to: where the flow began, or
 * the page that explains a failure (a payment's own page for a payment). A success with another
 * customer's psu-id than the user's (not asked for with newPsu) is held in the PSU session and the
 * user asked (PSU_CHANGED_PATH). A refused return changes nothing. With the app's database out of
 * reach, the PSU is sent to the failure page, which says so and offers the same return again.
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events, docs/interface/authentication.md#sca-by-redirect; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function completeScaCallback(query: URLSearchParams): Promise<string> {
  try {
    return await completeScaReturn(query);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Words instead of a blank 500; "Try again" takes the same return again (the approval waits in the PSU session cookie).
    console.error(
      `tpp: the return from the bank could not be kept: ${describeError(error)?.summary ?? "the database could not be reached"}`,
    );
    const retry = `/callback?${query.toString()}`;
    const failed = `/callback/failed?${new URLSearchParams({ reason: "database-unavailable", retry }).toString()}`;
    return `${getTppConfig().appUrl}${signFailurePath(failed, getTppConfig().sessionSecret)}`;
  }
}

async function completeScaReturn(query: URLSearchParams): Promise<string> {
  const appUrl = getTppConfig().appUrl;
  const user = await getCurrentUser();
  const session = user === undefined ? undefined : await readPsuSession(user.id);
  const now = new Date();
  // The SCA's hour and its 180 days count from the bank's clock now: read afresh, not the reading
  // kept for up to 5 seconds (the sandbox clock may have been moved by another tool just before).
  invalidateAppClock();
  const outcome = handleScaCallback({ query, userId: user?.id, psuId: user?.psuId, session, now, bankNow: (await getAppClock()).now() });
  const { flows } = await getTppRuntime();
  // The flow's diagram: this return (and the PSU's time at the bank) on the flow it names, if it is this user's.
  const answer = async (path: string): Promise<string> => {
    await recordScaReturn(flows, { userId: user?.id, query, outcome, receivedAt: now, answeredAt: new Date(), location: path });
    return `${appUrl}${path}`;
  };
  if (outcome.kind === "success" && user !== undefined) {
    await keepScaSuccess(user, outcome, now);
    return answer(outcome.returnTo);
  }
  if (outcome.kind === "success") return answer("/");
  if (outcome.kind === "psu-changed") {
    await writePsuSession(outcome.session);
    return answer(PSU_CHANGED_PATH);
  }
  if (outcome.kind === "failure" && user !== undefined) {
    await writePsuSession(outcome.session);
    if (outcome.authorisation.kind === "payment") await completePaymentApproval(user.id, outcome.authorisation, outcome.failure);
    if (outcome.authorisation.kind === "basket") await completeBasketApproval(user.id, outcome.authorisation, outcome.failure);
    // A refused payment or basket approval is explained on its own page, beside the bank's status of it.
    if (outcome.authorisation.kind === "payment" || outcome.authorisation.kind === "basket") {
      return answer(signFailurePath(approvalFailedPath(outcome.authorisation.returnTo, outcome.failure), getTppConfig().sessionSecret));
    }
  }
  if (outcome.kind === "failure" || outcome.kind === "refused")
    return answer(signFailurePath(callbackFailedPath(outcome), getTppConfig().sessionSecret));
  return answer("/");
}

export type PsuChangeChoice = "replace" | "keep";

/**
 * The user's answer on PSU_CHANGED_PATH to a return from the bank as another customer: replace
 * keeps that return as a success would have been kept (the new PSU-ID, its SCA and context, what
 * was approved completed); keep drops it, keeps the PSU-ID, and starts a new PSU session (a new
 * TPP-Session-ID: the bank's SCA of this one was the other customer's), the approvals of other
 * tabs still waiting. Returns the app path to go to: where the flow began, or home when nothing
 * was waiting for an answer. A Server Action helper.
 */
export async function decidePsuChange(user: AppUser, choice: PsuChangeChoice): Promise<string> {
  const session = await readPsuSession(user.id);
  const change = session?.psuChange;
  if (session === undefined || change === undefined) return "/";
  const now = new Date();
  const { flows } = await getTppRuntime();
  const { psuChange: _held, psuCorporateId: _previous, ...rest } = session;
  const caller = { userId: user.id, flowId: change.authorisation.flowId };
  if (choice === "replace") {
    await keepScaSuccess(
      user,
      {
        authorisation: change.authorisation,
        psuId: change.psuId,
        psuCorporateId: change.psuCorporateId,
        context: change.context,
        session: {
          ...rest,
          tppSessionId: change.tppSessionId,
          scaValidUntil: change.scaValidUntil,
          context: change.context,
          ...(change.psuCorporateId === undefined ? {} : { psuCorporateId: change.psuCorporateId }),
        },
      },
      now,
    );
    await recordFlowEnd(flows, caller, {
      outcome: "completed",
      at: now,
      detail: "The PSU-ID was replaced with the customer who logged in at the bank",
    });
  } else {
    const fresh = createPsuSession(user.id, now);
    await writePsuSession({
      ...fresh,
      authorisations: session.authorisations,
      ...(session.context === undefined ? {} : { context: session.context }),
      ...(session.psuCorporateId === undefined ? {} : { psuCorporateId: session.psuCorporateId }),
    });
    await recordFlowEnd(flows, caller, {
      outcome: "refused",
      at: now,
      detail: "Another customer logged in at the bank; the user kept the PSU-ID the app had",
    });
  }
  return safeReturnPath(change.authorisation.returnTo);
}
