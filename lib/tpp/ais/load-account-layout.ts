import "server-only";
import { getAspspContext } from "../aspsp/aspsp-context";
import { requireCurrentUser } from "../auth/get-current-user";
import { getAppClock } from "../clock/get-app-clock";
import { loadForPage, type PageLoad } from "../flows/load-for-page";
import { markUnreadable } from "../refresh/keep-present-read";
import { loadScaRenewal } from "../refresh/load-overview";
import type { ScaRenewal } from "../refresh/sca-renewal";
import { type AccountView, loadAccountView } from "./load-account-pages";

/** What an account's layout shows around its page of transactions. */
export interface AccountLayoutView {
  /** The account's address, where the bank's SCA comes back to. */
  readonly returnTo: string;
  readonly renewal: ScaRenewal;
  readonly result: PageLoad<AccountView>;
}

/**
 * An account's layout: the account, its balances and the chart's 90 days (loadAccountView),
 * asked for while the SCA's renewal and the bank's today (where the chart ends) are read. An
 * account the bank no longer gives this app is marked no longer shared (the overview says so).
 * @see docs/interface/accounts.md#account; docs/interface/accounts.md#balances
 */
export async function loadAccountLayout(accountId: string): Promise<AccountLayoutView> {
  const returnTo = `/accounts/${encodeURIComponent(accountId)}`;
  const today = getAppClock().then((clock) => clock.today());
  const user = await requireCurrentUser(returnTo);
  const [renewal, result] = await Promise.all([
    loadScaRenewal(user.id),
    loadForPage(returnTo, async () => {
      const ctx = await getAspspContext({ returnTo });
      return loadAccountView(ctx, accountId, { today }).catch(async (error: unknown) => {
        await markUnreadable(ctx.caller, { kind: "account", resourceId: accountId }, error);
        throw error;
      });
    }),
  ]);
  return { returnTo, renewal, result };
}
