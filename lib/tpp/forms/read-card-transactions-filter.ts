import { readTransactionsFilter, type TransactionsFilterReading } from "./read-transactions-filter";

/** The card page's query: the first date wanted, the bank's page token and the page's number. */
export interface CardTransactionsFilter {
  readonly from: string | undefined;
  readonly page: string | undefined;
  readonly n: number | undefined;
}

export interface CardTransactionsFilterReading {
  readonly filter: CardTransactionsFilter;
  /** Each value of the address that cannot be used, named on its field ("from" or "page"); empty when all can. */
  readonly problems: readonly { readonly field: "from" | "page"; readonly value: string; readonly message: string }[];
}

/**
 * Reads a card account page's address (`?from&page&n`) as the account page does (readTransactionsFilter):
 * a `from` that is not a date of the calendar, or a broken page link, is named on its field
 * instead of being dropped, and is not sent to the bank. The card page has no other filter, so
 * any other parameter of the address is not read.
 */
export function readCardTransactionsFilter(query: Readonly<Record<string, string | string[] | undefined>>): CardTransactionsFilterReading {
  const reading: TransactionsFilterReading = readTransactionsFilter({ from: query.from, page: query.page, n: query.n });
  const problems = reading.problems.flatMap((problem) =>
    problem.field === "from" || problem.field === "page" ? [{ ...problem, field: problem.field }] : [],
  );
  return { filter: { from: reading.filter.from, page: reading.filter.page, n: reading.filter.n }, problems };
}
