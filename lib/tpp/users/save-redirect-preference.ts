import "server-only";
import { requireCurrentUser } from "../auth/get-current-user";
import { getTppRuntime } from "../runtime";

/**
 * Keeps the signed-in user's choice of TPP-Redirect-Preferred: false (approve in the bank's
 * mobile app) is sent on every later call of theirs, as the spec asks.
 * @see docs/interface/authentication.md#biometric-flow; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function saveRedirectPreference(redirectPreferred: boolean): Promise<void> {
  const user = await requireCurrentUser("/settings");
  const { users } = await getTppRuntime();
  await users.setRedirectPreferred(user.id, redirectPreferred);
}
