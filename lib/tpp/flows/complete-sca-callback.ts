import "server-only";
import { getCurrentUser } from "../auth/get-current-user";
import { getAppClock } from "../clock/get-app-clock";
import { getTppConfig } from "../config";
import { recordScaReturn } from "../flow-diagrams/record-flow";
import { completeBasketApproval } from "../payments/complete-basket-approval";
import { completePaymentApproval } from "../payments/complete-payment-approval";
import { getTppRuntime } from "../runtime";
import { readPsuSession, writePsuSession } from "../session/psu-session";
import { approvalFailedPath, callbackFailedPath, handleScaCallback } from "./handle-sca-callback";

/**
 * The SCA callback (the route at TPP-Redirect-URI): decides with handleScaCallback, then on
 * success keeps the psu-id on the user (and the psu-corporate-id), updates the PSU session (the
 * SCA valid for an hour on the bank's clock), completes what was approved (a payment's status is
 * read and kept) and returns the absolute URL to send the browser to: where the flow began, or
 * the page that explains a failure (a payment's own page for a payment). A refused return
 * changes nothing.
 * @see psd2-interface.md "Redirect parameters", "Authentication" (4); supplement.md §7
 */
export async function completeScaCallback(query: URLSearchParams): Promise<string> {
  const appUrl = getTppConfig().appUrl;
  const user = await getCurrentUser();
  const session = user === undefined ? undefined : await readPsuSession(user.id);
  const now = new Date();
  const outcome = handleScaCallback({ query, userId: user?.id, session, now, bankNow: (await getAppClock()).now() });
  const { users, flows } = await getTppRuntime();
  // The flow's diagram: this return (and the PSU's time at the bank) on the flow it names, if it is this user's.
  const answer = async (path: string): Promise<string> => {
    await recordScaReturn(flows, { userId: user?.id, query, outcome, receivedAt: now, answeredAt: new Date(), location: path });
    return `${appUrl}${path}`;
  };
  if (outcome.kind === "success" && user !== undefined) {
    // Another customer logged in at the bank: the agreements of the previous PSU are not this one's.
    if (user.psuId !== undefined && user.psuId !== outcome.psuId) await users.forgetCorporateIds(user.id);
    await users.setPsuId(user.id, outcome.psuId, now);
    if (outcome.psuCorporateId !== undefined) await users.rememberCorporateId(user.id, { psuCorporateId: outcome.psuCorporateId }, now);
    await writePsuSession(outcome.session);
    if (outcome.authorisation.kind === "payment") await completePaymentApproval(user.id, outcome.authorisation, undefined);
    if (outcome.authorisation.kind === "basket") await completeBasketApproval(user.id, outcome.authorisation, undefined);
    return answer(outcome.returnTo);
  }
  if (outcome.kind === "success") return answer("/");
  if (outcome.kind === "failure" && outcome.session !== undefined) await writePsuSession(outcome.session);
  if (outcome.kind === "failure" && user !== undefined && outcome.authorisation?.kind === "payment") {
    await completePaymentApproval(user.id, outcome.authorisation, outcome.failure);
  }
  if (outcome.kind === "failure" && user !== undefined && outcome.authorisation?.kind === "basket") {
    await completeBasketApproval(user.id, outcome.authorisation, outcome.failure);
  }
  // A refused payment or basket approval is explained on its own page, beside the bank's status of it.
  if (outcome.kind === "failure" && (outcome.authorisation?.kind === "payment" || outcome.authorisation?.kind === "basket")) {
    return answer(approvalFailedPath(outcome.authorisation.returnTo, outcome.failure));
  }
  return answer(callbackFailedPath(outcome));
}
