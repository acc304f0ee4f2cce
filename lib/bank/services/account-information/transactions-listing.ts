/**
 * The query and the paging links of the transaction listings of accounts and card accounts.
 *
 * @see supplement.md §3; psd2-interface.md "Limits" (default page size 200)
 */
import { validateIsoDate } from "../../../psd2/validation/validate-iso-date";
import { BankError, type BankTppMessage } from "../../errors";
import type { Link, Links } from "../../../psd2/schemas";
import { addDays } from "../../../psd2/time";
import { LISTING_END, type PagePosition, type SegmentedPage } from "./page-segments";
import { type CursorPosition, openCursor } from "./transaction-cursor";

export const BOOKING_STATUSES = ["booked", "pending", "both", "all"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Rows per page when no paging parameter is given. @see psd2-interface.md "Limits" */
export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 1000;
/** dateFrom when none is given: 90 days ago. @see supplement.md §3 */
export const DEFAULT_HISTORY_DAYS = 90;

export type ListingRequest = {
  bookingStatus: BookingStatus;
  dateFrom: string;
  dateTo: string;
  limit: number;
  position: PagePosition;
  /** The query parameters as given (other than the paging ones), repeated in the paging links. */
  repeated: [string, string][];
};

const PAGING_PARAMETERS = new Set(["limit", "offset", "cursor", "dateFrom", "dateTo"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads the query of a transaction listing: bookingStatus (required), dateFrom (default 90 days
 * ago), dateTo (default today), limit (1-1000; 200 when no paging parameter is given), offset, and
 * the opaque cursor of a paging link. Every problem is a tppMessage naming its parameter.
 *
 * @see supplement.md §3, §4
 */
export function parseListingQuery(
  query: unknown,
  options: { today: string; cursorKey: Buffer; binding: (bookingStatus: BookingStatus) => string },
): ListingRequest {
  const given = isRecord(query) ? query : {};
  const messages: BankTppMessage[] = [];
  const fail = (code: BankTppMessage["code"], path: string, text: string) => messages.push({ category: "ERROR", code, path, text });
  const value = (name: string): string | undefined => {
    const raw = given[name];
    if (raw === undefined) return undefined;
    if (typeof raw !== "string") {
      fail("FORMAT_ERROR", name, `The query parameter ${name} is given more than once`);
      return undefined;
    }
    return raw;
  };

  const bookingStatusText = value("bookingStatus");
  let bookingStatus: BookingStatus | undefined;
  if (bookingStatusText === undefined) {
    if (given.bookingStatus === undefined) {
      fail("QUERY_PARAMETER_REQUIRED", "bookingStatus", "The query parameter bookingStatus is required: booked, pending, both or all");
    }
  } else {
    bookingStatus = BOOKING_STATUSES.find((status) => status === bookingStatusText);
    if (!bookingStatus) {
      fail(
        "FORMAT_ERROR",
        "bookingStatus",
        `The query parameter bookingStatus must be booked, pending, both or all, not '${bookingStatusText.slice(0, 40)}'`,
      );
    }
  }

  const date = (name: "dateFrom" | "dateTo"): string | undefined => {
    const text = value(name);
    if (text !== undefined && validateIsoDate(text)) {
      fail(
        "FORMAT_ERROR",
        name,
        `The query parameter ${name} must be an ISO 8601 date (YYYY-MM-DD) that exists, not '${text.slice(0, 40)}'`,
      );
      return undefined;
    }
    return text;
  };
  const dateFrom = date("dateFrom") ?? addDays(options.today, -DEFAULT_HISTORY_DAYS);
  const dateTo = date("dateTo") ?? options.today;
  if (dateFrom > dateTo) fail("FORMAT_ERROR", "dateFrom", `The query parameter dateFrom (${dateFrom}) is after dateTo (${dateTo})`);

  const limitText = value("limit");
  let limit = DEFAULT_PAGE_SIZE;
  if (limitText !== undefined) {
    if (/^[0-9]{1,4}$/.test(limitText) && Number(limitText) >= 1 && Number(limitText) <= MAX_PAGE_SIZE) limit = Number(limitText);
    else
      fail(
        "FORMAT_ERROR",
        "limit",
        `The query parameter limit must be a whole number from 1 to ${MAX_PAGE_SIZE}, not '${limitText.slice(0, 40)}'`,
      );
  }
  const offsetText = value("offset");
  let offset = 0;
  if (offsetText !== undefined) {
    if (/^[0-9]{1,9}$/.test(offsetText)) offset = Number(offsetText);
    else
      fail("FORMAT_ERROR", "offset", `The query parameter offset must be a whole number of at least 0, not '${offsetText.slice(0, 40)}'`);
  }
  const cursorText = value("cursor");
  let cursor: CursorPosition | undefined;
  if (cursorText !== undefined) {
    if (offsetText !== undefined) {
      fail("FORMAT_ERROR", "cursor", "The query parameters cursor and offset exclude each other: follow the paging links as given");
    } else if (bookingStatus) {
      cursor = openCursor(options.cursorKey, options.binding(bookingStatus), cursorText);
      if (!cursor) {
        fail(
          "FORMAT_ERROR",
          "cursor",
          "The query parameter cursor is not a cursor of this listing (it was changed, or belongs to another account or bookingStatus): follow the paging links as given",
        );
      }
    }
  }

  if (messages.length > 0 || !bookingStatus) {
    messages.sort((a, b) => Number(b.code === "QUERY_PARAMETER_REQUIRED") - Number(a.code === "QUERY_PARAMETER_REQUIRED"));
    throw BankError.fromMessages(messages);
  }
  const repeated: [string, string][] = [];
  for (const [name, raw] of Object.entries(given)) {
    if (!PAGING_PARAMETERS.has(name) && typeof raw === "string") repeated.push([name, raw]);
  }
  return { bookingStatus, dateFrom, dateTo, limit, position: cursor ?? { offset }, repeated };
}

/**
 * The paging links of a page: account (cardAccount for a card account), first, next (absent on
 * the last page), previous (absent on the first), last. Each repeats the query with the effective dates and the limit; next,
 * previous and last carry a sealed cursor, so that following them reads only their own rows.
 *
 * @see supplement.md §3
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
