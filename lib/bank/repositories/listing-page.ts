import { gte, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Listing pages of transactions and card transactions, paged in the database.
 *
 * The listing order is (sort_date desc, seq desc): newest first, and among one day's rows the
 * later inserted first. It matches the listing indexes (account, status, sort_date desc, seq
 * desc), so a page reads only its own rows. Paging by a keyset cursor (the key of the last row of
 * the previous page) costs the same on every page; a bare offset stays correct but reads and
 * skips every row before the page (docs/interface/accounts.md#accounts-balances-transactions).
 */

/** A row's place in the listing order. `seq` is internal: encode it opaquely before it leaves the bank. */
export type ListingKey = { sortDate: string; seq: number };

/** Where a page starts. */
export type ListingPosition =
  /** Skip this many rows from the start of the listing. */
  | { offset: number }
  /** The rows after this key: the next page after a page whose last row had this key. */
  | { after: ListingKey }
  /** The rows before this key: the previous page before a page whose first row had this key. */
  | { before: ListingKey };

export type ListingQuery<Status extends string> = {
  status: Status;
  /** First date wanted (inclusive), on sort_date: the booking date when booked, else the value/transaction date. */
  dateFrom?: string;
  /** Last date wanted (inclusive). */
  dateTo?: string;
  /** Rows per page, at least 1. */
  limit: number;
  /** Default: the first page. */
  position?: ListingPosition;
  /** Also count every row matching status and dates (for a `last` link). */
  withTotal?: boolean;
};

export type ListingPage<Row> = {
  /** In listing order (sort_date desc, seq desc). */
  rows: Row[];
  /** Rows follow this page (a `next` link). */
  hasNext: boolean;
  /** Rows precede this page (a `previous` link). */
  hasPrevious: boolean;
  /** Rows matching status and dates in all, when asked for. */
  total?: number;
};

type KeyColumns = { sortDate: AnyPgColumn; seq: AnyPgColumn };

/** The keyset condition: rows strictly after (`<`) or before (`>`) a key in the listing order. */
export function keysetCondition(columns: KeyColumns, comparison: "<" | ">" | "<=" | ">=", key: ListingKey): SQL {
  // A row-value comparison on (sort_date, seq): PostgreSQL turns it into one index range condition.
  return sql`(${columns.sortDate}, ${columns.seq}) ${sql.raw(comparison)} (${key.sortDate}::date, ${key.seq}::bigint)`;
}

export function dateConditions(columns: KeyColumns, query: { dateFrom?: string; dateTo?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (query.dateFrom !== undefined) conditions.push(gte(columns.sortDate, query.dateFrom));
  if (query.dateTo !== undefined) conditions.push(lte(columns.sortDate, query.dateTo));
  return conditions;
}

/**
 * The ORDER BY of the listing order, or of its reverse (for a page before a key). The listing
 * indexes are declared `DESC NULLS LAST` (drizzle-kit's form of `.desc()`), while a bare `DESC`
 * means `NULLS FIRST`: spelt out, the order is the index's own (or its exact reverse), so
 * PostgreSQL reads the page in index order and stops, instead of reading all and sorting.
 */
export function listingOrder(columns: KeyColumns, reverse: boolean): SQL[] {
  return reverse
    ? [sql`${columns.sortDate} asc nulls first`, sql`${columns.seq} asc nulls first`]
    : [sql`${columns.sortDate} desc nulls last`, sql`${columns.seq} desc nulls last`];
}

export function assertValidListing(query: { limit: number; position?: ListingPosition }): void {
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new RangeError(`limit must be an integer of at least 1, got ${query.limit}`);
  const position = query.position;
  if (position && "offset" in position && (!Number.isInteger(position.offset) || position.offset < 0)) {
    throw new RangeError(`offset must be a non-negative integer, got ${position.offset}`);
  }
}
