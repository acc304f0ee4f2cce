import "server-only";
import { requireCurrentUser } from "../auth/get-current-user";
import { getTppRuntime } from "../runtime";
import { createPsuSession, writePsuSession } from "../session/psu-session";

/**
 * Forgets the signed-in user's connection to the bank: the PSU-ID, the corporate agreements,
 * the accounts and what was read of them without the PSU, and the PSU session (a new TPP-Session-ID, no SCA, no context, no approval waiting). The
 * payments made stay in the user's list. At the bank the consent stays until the PSU withdraws it
 * there. After this, a payment goes through the single-SCA journey (or a national identity
 * number), and reading accounts starts with a new consent. A Server Action helper.
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#consent; docs/interface/payments.md#payments-in-the-sandbox
 */
export async function forgetBankConnection(): Promise<void> {
  const user = await requireCurrentUser("/settings");
  const { users, sharedAccounts } = await getTppRuntime();
  await users.forgetPsuId(user.id);
  await sharedAccounts.forgetUser(user.id);
  await users.forgetCorporateIds(user.id);
  await writePsuSession(createPsuSession(user.id, new Date()));
}
