import type { ListingKey, ListingPage, ListingPosition, ListingQuery } from "../../repositories/listing-page";
import type { CursorPosition } from "./transaction-cursor";

/** A key before every row of a listing in its (sort_date desc, seq desc) order's reverse: "before" it is the listing's end. */
export const LISTING_END: ListingKey = { sortDate: "0001-01-01", seq: 0 };

export type SegmentLister<S extends string, Row> = {
  list(status: S, query: ListingQuery<S>): Promise<ListingPage<Row>>;
  count(status: S, query: { status: S; dateFrom?: string; dateTo?: string }): Promise<number>;
};

export type PagePosition = { offset: number } | CursorPosition;

export type SegmentedPage<Row> = {
  rows: { segment: number; row: Row }[];
  hasNext: boolean;
  hasPrevious: boolean;
};

/**
 * One page of a listing made of segments in order (e.g. the pending transactions, then the
 * booked ones), each paged in the database by the repositories: a cursor position reads only the
 * page's rows (keyset), whatever its depth; a bare offset stays correct, skipping rows in the
 * database. A page may run from the end of one segment into the next.
 *
 * @see docs/interface/accounts.md#paging
 */
export async function pageSegments<S extends string, Row>(
  lister: SegmentLister<S, Row>,
  segments: readonly S[],
  dates: { dateFrom?: string; dateTo?: string },
  limit: number,
  position: PagePosition,
): Promise<SegmentedPage<Row>> {
  const read = (index: number, size: number, at: ListingPosition) => {
    const status = segments[index];
    if (status === undefined) throw new RangeError(`no segment ${index}`);
    return lister.list(status, { status, ...dates, limit: size, position: at });
  };
  const anyRows = async (from: number, to: number): Promise<boolean> => {
    for (let index = from; index < to; index++) if ((await read(index, 1, { offset: 0 })).rows.length > 0) return true;
    return false;
  };
  const rows: SegmentedPage<Row>["rows"] = [];

  if ("offset" in position) {
    let skip = position.offset;
    let hasNext = false;
    for (let index = 0; index < segments.length && rows.length < limit; index++) {
      const page = await read(index, limit - rows.length, { offset: skip });
      if (page.rows.length === 0 && skip > 0) {
        const status = segments[index];
        if (status !== undefined) skip = Math.max(0, skip - (await lister.count(status, { status, ...dates })));
        continue;
      }
      skip = 0;
      rows.push(...page.rows.map((row) => ({ segment: index, row })));
      if (rows.length === limit) hasNext = page.hasNext || (await anyRows(index + 1, segments.length));
    }
    const hasPrevious = position.offset > 0 && (rows.length > 0 || (await anyRows(0, segments.length)));
    return { rows, hasNext, hasPrevious };
  }

  const start = position.segment;
  if (start >= segments.length) return { rows, hasNext: false, hasPrevious: false };
  if (position.direction === "after") {
    let hasNext = false;
    let hasPrevious = false;
    for (let index = start; index < segments.length && rows.length < limit; index++) {
      const page = await read(index, limit - rows.length, index === start ? { after: position.key } : { offset: 0 });
      if (index === start) hasPrevious = page.hasPrevious || (await anyRows(0, start));
      rows.push(...page.rows.map((row) => ({ segment: index, row })));
      if (rows.length === limit) hasNext = page.hasNext || (await anyRows(index + 1, segments.length));
    }
    return { rows, hasNext, hasPrevious };
  }

  let hasNext = false;
  let hasPrevious = false;
  for (let index = start; index >= 0 && rows.length < limit; index--) {
    const page = await read(index, limit - rows.length, { before: index === start ? position.key : LISTING_END });
    if (index === start) hasNext = page.hasNext || (await anyRows(start + 1, segments.length));
    rows.unshift(...page.rows.map((row) => ({ segment: index, row })));
    if (rows.length === limit) hasPrevious = page.hasPrevious || (await anyRows(0, index));
  }
  return { rows, hasNext, hasPrevious };
}
