import { and, count, eq, getTableName, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../db/open-bank-database";
import { chunk } from "./chunk";
import { assertValidListing, dateConditions, keysetCondition, listingOrder, type ListingPage, type ListingQuery } from "./listing-page";
import { buildUnnestInsert, UNNEST_BATCH_SIZE, type UnnestColumn } from "./unnest-insert";

/**
 * A ledger table: the transactions of one kind of account (payment accounts, card accounts),
 * each row owned by one account and listed by (status, sort_date desc, seq desc) on its listing
 * index. Both ledgers are read and written the same way; only their columns differ.
 */
export type LedgerTable<Row, NewRow> = {
  table: PgTable;
  /** The owning account's id column. */
  owner: AnyPgColumn;
  id: AnyPgColumn;
  status: AnyPgColumn;
  sortDate: AnyPgColumn;
  seq: AnyPgColumn;
  amount: AnyPgColumn;
  /** Every inserted column of a row, for the batch insert (seq comes from its sequence). */
  unnestColumns: readonly UnnestColumn<NewRow>[];
  /** A stored row as the bank uses it (amounts at their currency's minor units). */
  toRecord: (row: Row) => Row;
};

/**
 * The repository of a ledger: lookups, listing pages paged in the database (see listing-page.ts),
 * counts, exact sums and inserts.
 */
export function createLedgerRepository<Row extends { seq: number }, NewRow, Status extends string>(db: Executor, ledger: LedgerTable<Row, NewRow>) {
  const { table } = ledger;
  const keyColumns = { sortDate: ledger.sortDate, seq: ledger.seq };
  const { toRecord, unnestColumns } = ledger;

  async function exists(conditions: SQL[]): Promise<boolean> {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  /** The number of an account's rows of one status within the dates. */
  async function countRows(ownerId: string, query: { status: Status; dateFrom?: string; dateTo?: string }): Promise<number> {
    const rows = await db
      .select({ value: count() })
      .from(table)
      .where(and(eq(ledger.owner, ownerId), eq(ledger.status, query.status), ...dateConditions(keyColumns, query)));
    return rows[0]?.value ?? 0;
  }

  async function sumWhere(conditions: SQL[]): Promise<string> {
    const rows = await db
      .select({ sum: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
      .from(table)
      .where(and(...conditions));
    return rows[0]?.sum ?? "0";
  }

  return {
    async findById(id: string): Promise<Row | undefined> {
      const rows = (await db.select().from(table).where(eq(ledger.id, id))) as unknown as Row[];
      return rows[0] && toRecord(rows[0]);
    },

    /** A row of this account; undefined when the id is unknown or another account's. */
    async findInAccount(ownerId: string, id: string): Promise<Row | undefined> {
      const rows = (await db
        .select()
        .from(table)
        .where(and(eq(ledger.owner, ownerId), eq(ledger.id, id)))) as unknown as Row[];
      return rows[0] && toRecord(rows[0]);
    },

    /**
     * One page of an account's rows of one status, newest first, paged in the database on the
     * ledger's listing index (see listing-page.ts).
     *
     * @see supplement.md §3
     */
    async list(ownerId: string, query: ListingQuery<Status>): Promise<ListingPage<Row>> {
      assertValidListing(query);
      const base = [eq(ledger.owner, ownerId), eq(ledger.status, query.status), ...dateConditions(keyColumns, query)];
      const position = query.position ?? { offset: 0 };
      const reverse = "before" in position;
      const conditions = [...base];
      if ("after" in position) conditions.push(keysetCondition(keyColumns, "<", position.after));
      if ("before" in position) conditions.push(keysetCondition(keyColumns, ">", position.before));
      const fetched = (await db
        .select()
        .from(table)
        .where(and(...conditions))
        .orderBy(...listingOrder(keyColumns, reverse))
        .limit(query.limit + 1)
        .offset("offset" in position ? position.offset : 0)) as unknown as Row[];
      const more = fetched.length > query.limit;
      const rows = fetched.slice(0, query.limit).map(toRecord);
      if (reverse) rows.reverse();

      let hasNext: boolean;
      let hasPrevious: boolean;
      if ("after" in position) {
        hasNext = more;
        hasPrevious = await exists([...base, keysetCondition(keyColumns, ">=", position.after)]);
      } else if ("before" in position) {
        hasPrevious = more;
        hasNext = await exists([...base, keysetCondition(keyColumns, "<=", position.before)]);
      } else {
        hasNext = more;
        hasPrevious = position.offset > 0 && (await exists(base));
      }

      const page: ListingPage<Row> = { rows, hasNext, hasPrevious };
      if (query.withTotal) page.total = await countRows(ownerId, query);
      return page;
    },

    count: countRows,

    /**
     * The exact sum (a decimal string at the storage scale, "0.00000" when none) of the booked
     * amounts whose booking date is within the range, e.g. `{ from: today }` for today's bookings
     * (closingBooked = booked balance minus them).
     */
    async sumBooked(ownerId: string, range: { from?: string; to?: string } = {}): Promise<string> {
      const conditions = [eq(ledger.owner, ownerId), eq(ledger.status, "booked")];
      // Booked rows have sort_date = booking_date: filtering on it keeps to the listing index.
      if (range.from !== undefined) conditions.push(gte(ledger.sortDate, range.from));
      if (range.to !== undefined) conditions.push(lte(ledger.sortDate, range.to));
      return sumWhere(conditions);
    },

    /** The exact sum of the pending amounts (for the expected balance). */
    async sumPending(ownerId: string): Promise<string> {
      return sumWhere([eq(ledger.owner, ownerId), eq(ledger.status, "pending")]);
    },

    async insert(row: NewRow): Promise<Row> {
      const rows = (await db.insert(table).values(row as never).returning()) as Row[];
      const inserted = rows[0];
      if (!inserted) throw new Error(`inserting into ${getTableName(table)} returned no row`);
      return toRecord(inserted);
    },

    /** Inserts rows in batches and returns them as stored, in the given order. */
    async insertAll(rows: NewRow[]): Promise<Row[]> {
      const inserted: Row[] = [];
      for (const batch of chunk(rows)) {
        const stored = (await db.insert(table).values(batch as never[]).returning()) as Row[];
        // RETURNING gives no order guarantee: restore the given one (seq follows it).
        stored.sort((a, b) => a.seq - b.seq);
        inserted.push(...stored.map(toRecord));
      }
      return inserted;
    },

    /** Inserts many rows, 5,000 per statement, in the given order (which sets their seq). */
    async insertMany(rows: NewRow[]): Promise<void> {
      for (const batch of chunk(rows, UNNEST_BATCH_SIZE)) await db.execute(buildUnnestInsert(getTableName(table), unnestColumns, batch));
    },
  };
}
