import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ScaStart } from "../psu/psu-types";
import { requireCurrentUser } from "../auth/get-current-user";
import { type AspspError, TppError } from "../errors";
import { recordRedirectToBank } from "../flow-diagrams/record-flow";
import { getTppRuntime } from "../runtime";
import { addAuthorisation, type AuthorisationKind, createPsuSession, readPsuSession, writePsuSession } from "../session/psu-session";
import { safeReturnPath } from "./safe-return-path";

/** What an SCA approves, and where the PSU returns afterwards. */
export type ApprovalTarget =
  | { readonly kind: Extract<AuthorisationKind, "consent" | "identify">; readonly returnTo: string; readonly newPsu?: boolean }
  | { readonly kind: Extract<AuthorisationKind, "payment" | "basket">; readonly resourceId: string; readonly returnTo: string };

/**
 * Sends the browser to the bank for SCA: from a 401 whose AspspError carries scaRedirect, or from
 * a ScaStart (startConsent, identifyPsu, a payment's authorisation). Records the approval first
 * in the PSU session, beside any other tab's (its kind, what it approves, where to return, the
 * TPP-Session-ID the bank will send back, and the flow id the redirect will carry), so that the
 * callback completes exactly this one. An AspspError without scaRedirect is thrown as it is (SCA
 * cannot cure it). Call it from a Server Action or a Route Handler: it writes a cookie.
 * A bare path as `target` is a consent returning there.
 * @see docs/interface/authentication.md#sca-by-redirect; docs/interface/errors.md#statuses-by-code, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function redirectToBankForSca(source: AspspError | ScaStart, target: ApprovalTarget | string): Promise<never> {
  const scaRedirect = source.scaRedirect;
  if (scaRedirect === undefined) throw source;
  const { tppSessionId, flowId } = source;
  if (tppSessionId === undefined || flowId === undefined) {
    throw new TppError(
      "INPUT_INVALID",
      "this SCA was started without a TPP-Session-ID or a flow id, so its return cannot be matched to the flow",
    );
  }
  const approval: ApprovalTarget = typeof target === "string" ? { kind: "consent", returnTo: target } : target;
  const returnTo = safeReturnPath(approval.returnTo);
  const user = await requireCurrentUser(returnTo);
  const now = new Date();
  const session = (await readPsuSession(user.id)) ?? createPsuSession(user.id, now);
  const common = { flowId, tppSessionId, returnTo, startedAt: now.toISOString() };
  await writePsuSession(
    addAuthorisation(
      session,
      "resourceId" in approval
        ? { ...common, kind: approval.kind, resourceId: approval.resourceId }
        : { ...common, kind: approval.kind, ...(approval.newPsu === true ? { newPsu: true } : {}) },
      now,
    ),
  );
  // The flow's diagram: this redirect is its to-bank leg (a Server Action's redirect is a 303, a Route Handler's a 307).
  const { flows } = await getTppRuntime();
  await recordRedirectToBank(flows, {
    id: flowId,
    userId: user.id,
    kind: approval.kind,
    resourceId: "resourceId" in approval ? approval.resourceId : undefined,
    path: returnTo,
    scaRedirect,
    status: (await headers()).has("next-action") ? 303 : 307,
    at: now,
  });
  redirect(scaRedirect);
}
