import { isValidIsoDate } from "../../psd2/validation";
import { TppError } from "../errors";
import type { TransactionQuery } from "./ais-types";
import { readPageToken } from "./page-token";

/**
 * The query of a transaction listing: the page token's parameters when a page is asked for (the
 * bank's paging link repeats every parameter), else bookingStatus, dateFrom, dateTo and limit.
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export function toTransactionQuery(query: TransactionQuery): Record<string, string | undefined> {
  if (query.page !== undefined) return Object.fromEntries(readPageToken(query.page));
  for (const [name, value] of [
    ["dateFrom", query.dateFrom],
    ["dateTo", query.dateTo],
  ] as const) {
    if (value !== undefined && !isValidIsoDate(value))
      throw new TppError("INPUT_INVALID", `${name} must be a date YYYY-MM-DD, not '${value}'`);
  }
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) {
    throw new TppError("INPUT_INVALID", `limit must be a whole number of at least 1, not ${query.limit}`);
  }
  return {
    bookingStatus: query.bookingStatus,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    limit: query.limit === undefined ? undefined : String(query.limit),
  };
}
