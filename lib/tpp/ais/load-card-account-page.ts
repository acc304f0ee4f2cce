import "server-only";
import { getAspspContext } from "../aspsp/aspsp-context";
import { requireCurrentUser } from "../auth/get-current-user";
import { getAppClock } from "../clock/get-app-clock";
import { AspspError } from "../errors";
import { loadForPage, type PageLoad } from "../flows/load-for-page";
import {
  readCardTransactionsFilter,
  type CardTransactionsFilter,
  type CardTransactionsFilterReading,
} from "../forms/read-card-transactions-filter";
import { markUnreadable } from "../refresh/keep-present-read";
import { loadScaRenewal } from "../refresh/load-overview";
import type { ScaRenewal } from "../refresh/sca-renewal";
import type { AccountBalances, CardAccount, CardTransactionPage } from "./ais-types";
import { getCardAccount } from "./get-card-account";
import { getCardAccountBalances } from "./get-card-account-balances";
import { getCardAccountTransactions } from "./get-card-account-transactions";
import { transactionsHref } from "./transactions-href";

type Query = Readonly<Record<string, string | string[] | undefined>>;

/** What the bank gave for the card account. */
export interface CardAccountAtBank {
  readonly card: CardAccount;
  readonly balances: AccountBalances;
  /** The page of card transactions; undefined when the filter cannot be used or the bank refused its `from`. */
  readonly transactions: CardTransactionPage | undefined;
  /** The bank's refusal of the `from` date, when it refused it (then there are no transactions). */
  readonly refused: readonly string[];
}

/** What a card account's page shows. */
export interface CardAccountPageView {
  /** The page's address without a query, and with it (where the bank's SCA comes back to). */
  readonly path: string;
  readonly returnTo: string;
  readonly filter: CardTransactionsFilter;
  readonly problems: CardTransactionsFilterReading["problems"];
  readonly renewal: ScaRenewal;
  /** The bank's today (its sandbox clock in the sandbox): the quick ranges end there. */
  readonly today: string;
  readonly result: PageLoad<CardAccountAtBank>;
  /** The From field: the date as given (so that the one named can be corrected) and what is wrong with it. */
  readonly from: { readonly given: string | undefined; readonly messages: readonly string[] };
}

/** The bank's refusal of the `from` date (a 400 whose tppMessage path is dateFrom): shown on the field, the card stays. */
function refusedFrom(error: unknown): string[] | undefined {
  if (!(error instanceof AspspError) || error.status !== 400) return undefined;
  const messages = error.tppMessages.filter((message) => message.path === "dateFrom").map((message) => message.text ?? message.code);
  return messages.length > 0 ? messages : undefined;
}

/**
 * A card account's page: the card, its balances and a page of its card transactions, asked for
 * at once (a filter of the address that cannot be used is not sent), while the SCA's renewal and
 * the bank's today are read. A card account the bank no longer gives this app is marked no
 * longer shared (the overview says so).
 * @see docs/interface/accounts.md#transactions; docs/interface/accounts.md#paging
 */
export async function loadCardAccountPage(cardAccountId: string, query: Query): Promise<CardAccountPageView> {
  const { filter, problems } = readCardTransactionsFilter(query);
  const path = `/cards/${encodeURIComponent(cardAccountId)}`;
  const returnTo = transactionsHref(path, filter);
  const user = await requireCurrentUser(returnTo);
  const [renewal, clock, result] = await Promise.all([
    loadScaRenewal(user.id),
    getAppClock(),
    loadForPage(returnTo, async () => {
      const ctx = await getAspspContext({ returnTo });
      const listing =
        problems.length > 0
          ? undefined
          : getCardAccountTransactions(
              ctx,
              cardAccountId,
              filter.page === undefined ? { bookingStatus: "both", dateFrom: filter.from } : { bookingStatus: "both", page: filter.page },
            ).then(
              (value) => ({ ok: true as const, value }),
              (error: unknown) => ({ ok: false as const, error }),
            );
      const [card, balances, listed] = await Promise.all([
        getCardAccount(ctx, cardAccountId),
        getCardAccountBalances(ctx, cardAccountId),
        listing,
      ]).catch(async (error: unknown) => {
        await markUnreadable(ctx.caller, { kind: "card-account", resourceId: cardAccountId }, error);
        throw error;
      });
      if (listed?.ok === false) {
        const refused = refusedFrom(listed.error);
        if (refused === undefined) throw listed.error;
        return { card, balances, transactions: undefined, refused };
      }
      return { card, balances, transactions: listed?.value, refused: [] };
    }),
  ]);
  const fromProblem = problems.find((problem) => problem.field === "from");
  const refused = result.ok ? result.value.refused : [];
  return {
    path,
    returnTo,
    filter,
    problems,
    renewal,
    today: clock.today(),
    result,
    from: {
      given: fromProblem?.value ?? filter.from,
      messages: [...problems.filter((problem) => problem.field === "from").map((problem) => problem.message), ...refused],
    },
  };
}
