import type { AspspContext } from "../aspsp/aspsp-context";
import type { BankAccount, CardAccount } from "./ais-types";
import { getAccount } from "./get-account";
import { getBalanceHistory } from "./get-balance-history";
import { listAccounts } from "./list-accounts";
import { listCardAccounts } from "./list-card-accounts";

/** What the accounts page shows: the accounts and the card accounts, each with its balances. */
export interface AccountsOverview {
  readonly accounts: readonly BankAccount[];
  readonly cards: readonly CardAccount[];
}

/**
 * The accounts page's bank calls: the account listing and the card account listing, both with
 * their balances, sent at once (neither waits for the other).
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export async function loadAccountsOverview(ctx: AspspContext): Promise<AccountsOverview> {
  const [accounts, cards] = await Promise.all([listAccounts(ctx, { withBalance: true }), listCardAccounts(ctx, { withBalance: true })]);
  return { accounts, cards };
}

export type AccountView = {
  readonly account: BankAccount;
  readonly history: Awaited<ReturnType<typeof getBalanceHistory>>;
};

/**
 * An account's view around its page of transactions: the account, its balances and the chart's
 * 90 days of end-of-day balances. `today` is the bank's today (the chart ends there), or the
 * promise of it: the account and its balances are asked for while it is read.
 */
export async function loadAccountView(
  ctx: AspspContext,
  accountId: string,
  options: { today: string | PromiseLike<string> },
): Promise<AccountView> {
  const [account, history] = await Promise.all([
    getAccount(ctx, accountId),
    getBalanceHistory(ctx, accountId, { days: 90, today: options.today }),
  ]);
  return { account, history };
}
