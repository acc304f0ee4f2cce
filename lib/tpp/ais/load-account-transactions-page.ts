import "server-only";
import { getAspspContext } from "../aspsp/aspsp-context";
import { getAppClock } from "../clock/get-app-clock";
import type { ErrorDisplay } from "../describe-error";
import { loadForPage } from "../flows/load-for-page";
import {
  readTransactionsFilter,
  type TransactionsFilter,
  type TransactionsFilterField,
  type TransactionsFilterReading,
} from "../forms/read-transactions-filter";
import { ownValue } from "../../psd2/lookup/own-value";
import type { TransactionPage } from "./ais-types";
import { listTransactions } from "./list-transactions";
import { transactionsHref } from "./transactions-href";

type Query = Readonly<Record<string, string | string[] | undefined>>;

/** The bank's tppMessage paths that belong to a field of the filter. */
const FIELD_OF_PATH: Readonly<Record<string, TransactionsFilterField>> = { dateFrom: "from", dateTo: "to", bookingStatus: "status" };

/** What an account's page of transactions shows (the account itself is its layout's). */
export interface AccountTransactionsView {
  /** The page's address without a query. */
  readonly path: string;
  readonly filter: TransactionsFilter;
  readonly problems: TransactionsFilterReading["problems"];
  /** The messages on each field: the address's own problems, or the bank's tppMessages whose path is the field's. */
  readonly messages: Readonly<Record<TransactionsFilterField, readonly string[]>>;
  /** The dates as given in the address, so that the one named can be corrected. */
  readonly given: { readonly from: string | undefined; readonly to: string | undefined };
  /** The bank's today (its sandbox clock in the sandbox): the quick ranges end there. */
  readonly today: string;
  /** The bank's page of transactions; undefined when the filter cannot be used or the bank refused it. */
  readonly transactions: TransactionPage | undefined;
  readonly error: ErrorDisplay | undefined;
}

/**
 * An account's page of transactions: the filter of the address read and, when it can be used,
 * the bank's page of transactions, asked for while the bank's today is read.
 * @see docs/interface/accounts.md#transactions; docs/interface/accounts.md#paging
 */
export async function loadAccountTransactionsPage(accountId: string, query: Query): Promise<AccountTransactionsView> {
  const { filter, problems } = readTransactionsFilter(query);
  const path = `/accounts/${encodeURIComponent(accountId)}`;
  const returnTo = transactionsHref(path, filter);
  const [clock, result] = await Promise.all([
    getAppClock(),
    problems.length > 0
      ? undefined
      : loadForPage(returnTo, async () => {
          const ctx = await getAspspContext({ returnTo });
          return listTransactions(
            ctx,
            accountId,
            filter.page === undefined
              ? { bookingStatus: filter.status, dateFrom: filter.from, dateTo: filter.to }
              : { bookingStatus: filter.status, page: filter.page },
          );
        }),
  ]);
  const messagesOf = (field: TransactionsFilterField): string[] => [
    ...problems.filter((problem) => problem.field === field).map((problem) => problem.message),
    ...(result?.ok === false
      ? result.error.tppMessages
          .filter((message) => ownValue(FIELD_OF_PATH, message.path ?? "") === field)
          .map((message) => message.text ?? message.code)
      : []),
  ];
  const given = (field: "from" | "to") => problems.find((problem) => problem.field === field)?.value ?? filter[field];
  return {
    path,
    filter,
    problems,
    messages: { status: messagesOf("status"), from: messagesOf("from"), to: messagesOf("to"), page: messagesOf("page") },
    given: { from: given("from"), to: given("to") },
    today: clock.today(),
    transactions: result?.ok === true ? result.value : undefined,
    error: result?.ok === false ? result.error : undefined,
  };
}
