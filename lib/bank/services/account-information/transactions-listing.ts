/**
 * The request and the paging links of the transaction listings of accounts and card accounts
 * (the route judges the query into a ListingRequest: lib/bank/routes/v1/ais-route-docs.ts).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/limits.md#limits-in-the-spec (default page size 200)
 */
import type { Link, Links } from "../../../psd2/schemas";
import { LISTING_END, type PagePosition, type SegmentedPage } from "./page-segments";
import type { CursorPosition } from "./transaction-cursor";

export const BOOKING_STATUSES = ["booked", "pending", "both", "all"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Rows per page when no paging parameter is given. @see docs/interface/limits.md#limits-in-the-spec */
export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 1000;
/** dateFrom when none is given: 90 days ago. @see docs/interface/accounts.md#accounts-balances-transactions */
export const DEFAULT_HISTORY_DAYS = 90;

/** A transaction listing's query as its route judged it: the dates with their defaults, the page size, and the position. */
export type ListingRequest = {
  bookingStatus: BookingStatus;
  dateFrom: string;
  dateTo: string;
  limit: number;
  position: PagePosition;
  /** The query parameters as given (other than the paging ones), repeated in the paging links. */
  repeated: [string, string][];
};

/**
 * The paging links of a page: account (cardAccount for a card account), first, next (absent on
 * the last page), previous (absent on the first), last. Each repeats the query with the effective dates and the limit; next,
 * previous and last carry a sealed cursor, so that following them reads only their own rows.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export function buildPagingLinks<Row>(input: {
  listingHref: string;
  accountHref: string;
  /** The name of the link to the account: `account`, or `cardAccount` in a card account report (BG 1.3). */
  accountLink?: "account" | "cardAccount";
  request: ListingRequest;
  segmentCount: number;
  page: SegmentedPage<Row>;
  keyOf: (row: Row) => { sortDate: string; seq: number };
  seal: (position: CursorPosition) => string;
}): Links {
  const { request, page } = input;
  const href = (cursor?: CursorPosition): Link => {
    const params = new URLSearchParams(request.repeated);
    params.set("dateFrom", request.dateFrom);
    params.set("dateTo", request.dateTo);
    params.set("limit", String(request.limit));
    if (cursor) params.set("cursor", input.seal(cursor));
    return { href: `${input.listingHref}?${params.toString()}`, verbs: ["GET"] };
  };
  const last: CursorPosition | undefined =
    input.segmentCount === 0 ? undefined : { segment: input.segmentCount - 1, direction: "before", key: LISTING_END };
  const links: Links = { [input.accountLink ?? "account"]: { href: input.accountHref, verbs: ["GET"] }, first: href() };
  const firstRow = page.rows[0];
  const lastRow = page.rows[page.rows.length - 1];
  if (page.hasNext && lastRow) links.next = href({ segment: lastRow.segment, direction: "after", key: input.keyOf(lastRow.row) });
  if (page.hasPrevious)
    links.previous = href(firstRow ? { segment: firstRow.segment, direction: "before", key: input.keyOf(firstRow.row) } : last);
  links.last = href(last);
  return links;
}
