import { and, count, eq, getTableName, gte, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../db/open-bank-database";
import { chunk } from "./chunk";
import { preparedReadsOf } from "./prepared-reads";
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
  /**
   * The ledger's typed statements, which the generic code cannot type itself: rows meeting a
   * condition, in an order, each with the value of `flag` (a condition on the whole ledger,
   * computed once by the database); and inserts returning the stored rows.
   */
  selectRows: (db: Executor, query: SelectRowsQuery) => Promise<{ row: Row; flag: boolean | null }[]>;
  insertRows: (db: Executor, rows: NewRow[]) => Promise<Row[]>;
};

/** Rows meeting a condition, in an order, each with the value of `flag` (see LedgerTable.selectRows). */
export type SelectRowsQuery = { where: SQL | undefined; orderBy?: SQL[]; limit?: number; offset?: number; flag?: SQL<boolean> };

/**
 * The select of a ledger's whole rows (LedgerTable.selectRows), typed by the table it is made
 * for: each ledger makes its own from its table.
 */
export function selectLedgerRows<T extends PgTable>(table: T) {
  return (db: Executor, query: SelectRowsQuery) => {
    let selected = db
      .select({ row: table, flag: query.flag ?? sql<null>`null` })
      // The table as a plain PgTable: the builder's check against a CTE without RETURNING cannot
      // be decided on a type parameter; the rows keep the type of T's columns (see selectRows).
      .from<PgTable>(table)
      .where(query.where)
      .orderBy(...(query.orderBy ?? []))
      .$dynamic();
    if (query.limit !== undefined) selected = selected.limit(query.limit);
    if (query.offset !== undefined) selected = selected.offset(query.offset);
    return selected;
  };
}

/** The sums an account's balances are made of (decimal strings at the storage scale). */
export type BalanceSums = {
  /** Booked on or after the given day (today's bookings). */
  bookedToday: string;
  /** Every pending amount. */
  pending: string;
  /** The pending debits (negative pending amounts). */
  pendingDebits: string;
};

function prepareBalanceSums(
  db: Executor,
  ledger: { table: PgTable; owner: AnyPgColumn; status: AnyPgColumn; sortDate: AnyPgColumn; amount: AnyPgColumn },
) {
  const { table, amount, status } = ledger;
  return db
    .select({
      bookedToday: sql<string>`coalesce(sum(${amount}) filter (where ${status} = 'booked'), 0)::text`,
      pending: sql<string>`coalesce(sum(${amount}) filter (where ${status} = 'pending'), 0)::text`,
      pendingDebits: sql<string>`coalesce(sum(${amount}) filter (where ${status} = 'pending' and ${amount} < 0), 0)::text`,
    })
    .from(table)
    .where(
      and(
        eq(ledger.owner, sql.placeholder("owner")),
        // Booked rows have sort_date = booking_date: both branches keep to the listing index.
        or(and(eq(status, "booked"), gte(ledger.sortDate, sql.placeholder("from"))), eq(status, "pending")),
      ),
    )
    .prepare(`balance_sums_${getTableName(table)}`);
}

// Built once per database handle and ledger: PostgreSQL keeps the named statement prepared.
const preparedBalanceSums = new WeakMap<Executor, Map<PgTable, ReturnType<typeof prepareBalanceSums>>>();

/**
 * The repository of a ledger: lookups, listing pages paged in the database (see listing-page.ts),
 * counts, exact sums and inserts.
 */
export function createLedgerRepository<Row extends { seq: number }, NewRow, Status extends string>(
  db: Executor,
  ledger: LedgerTable<Row, NewRow>,
) {
  const { table } = ledger;
  // Reads run as named statements on PGlite, parsed and planned once (see prepared-reads.ts).
  const reads = preparedReadsOf(db);
  const keyColumns = { sortDate: ledger.sortDate, seq: ledger.seq };
  const { toRecord, unnestColumns } = ledger;

  async function exists(conditions: SQL[]): Promise<boolean> {
    const rows = await reads
      .select({ one: sql<number>`1` })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  /** The number of an account's rows of one status within the dates. */
  async function countRows(ownerId: string, query: { status: Status; dateFrom?: string; dateTo?: string }): Promise<number> {
    const rows = await reads
      .select({ value: count() })
      .from(table)
      .where(and(eq(ledger.owner, ownerId), eq(ledger.status, query.status), ...dateConditions(keyColumns, query)));
    return rows[0]?.value ?? 0;
  }

  async function sumWhere(conditions: SQL[]): Promise<string> {
    const rows = await reads
      .select({ sum: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
      .from(table)
      .where(and(...conditions));
    return rows[0]?.sum ?? "0";
  }

  return {
    async findById(id: string): Promise<Row | undefined> {
      const [found] = await ledger.selectRows(reads, { where: eq(ledger.id, id) });
      return found && toRecord(found.row);
    },

    /** A row of this account; undefined when the id is unknown or another account's. */
    async findInAccount(ownerId: string, id: string): Promise<Row | undefined> {
      const [found] = await ledger.selectRows(reads, { where: and(eq(ledger.owner, ownerId), eq(ledger.id, id)) });
      return found && toRecord(found.row);
    },

    /**
     * One page of an account's rows of one status, newest first, paged in the database on the
     * ledger's listing index (see listing-page.ts).
     *
     * @see docs/interface/accounts.md#accounts-balances-transactions
     */
    async list(ownerId: string, query: ListingQuery<Status>): Promise<ListingPage<Row>> {
      assertValidListing(query);
      const base = [eq(ledger.owner, ownerId), eq(ledger.status, query.status), ...dateConditions(keyColumns, query)];
      const position = query.position ?? { offset: 0 };
      const reverse = "before" in position;
      const conditions = [...base];
      if ("after" in position) conditions.push(keysetCondition(keyColumns, "<", position.after));
      if ("before" in position) conditions.push(keysetCondition(keyColumns, ">", position.before));
      // Whether rows lie on the other side of the page than the one read: asked in the same
      // statement (PostgreSQL evaluates the uncorrelated EXISTS once), so a page is one round trip.
      let other: SQL[] | undefined;
      if ("after" in position) other = [...base, keysetCondition(keyColumns, ">=", position.after)];
      else if ("before" in position) other = [...base, keysetCondition(keyColumns, "<=", position.before)];
      else if (position.offset > 0) other = base;
      const flag =
        other &&
        sql<boolean>`exists (${db
          .select({ one: sql`1` })
          .from(table)
          .where(and(...other))})`;
      const fetched = await ledger.selectRows(reads, {
        where: and(...conditions),
        orderBy: listingOrder(keyColumns, reverse),
        limit: query.limit + 1,
        offset: "offset" in position ? position.offset : 0,
        ...(flag ? { flag } : {}),
      });
      const more = fetched.length > query.limit;
      // Past the end no row carries the flag: it is then asked on its own.
      const otherSide = other === undefined ? false : fetched[0] ? fetched[0].flag === true : await exists(other);
      const rows = fetched.slice(0, query.limit).map((found) => toRecord(found.row));
      if (reverse) rows.reverse();
      const hasNext = "before" in position ? otherSide : more;
      const hasPrevious = "before" in position ? more : otherSide;

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

    /**
     * Today's bookings, the pending amounts and the pending debits of an account, in one
     * statement: what its balances are made of (see compute-balances.ts).
     */
    async balanceSums(ownerId: string, today: string): Promise<BalanceSums> {
      let byTable = preparedBalanceSums.get(reads);
      if (!byTable) preparedBalanceSums.set(reads, (byTable = new Map()));
      let prepared = byTable.get(table);
      if (!prepared) byTable.set(table, (prepared = prepareBalanceSums(reads, ledger)));
      const [sums] = await prepared.execute({ owner: ownerId, from: today });
      return sums ?? { bookedToday: "0", pending: "0", pendingDebits: "0" };
    },

    /** The exact sum of the pending amounts (for the expected balance). */
    async sumPending(ownerId: string): Promise<string> {
      return sumWhere([eq(ledger.owner, ownerId), eq(ledger.status, "pending")]);
    },

    async insert(row: NewRow): Promise<Row> {
      const [inserted] = await ledger.insertRows(db, [row]);
      if (!inserted) throw new Error(`inserting into ${getTableName(table)} returned no row`);
      return toRecord(inserted);
    },

    /** Inserts rows in batches and returns them as stored, in the given order. */
    async insertAll(rows: NewRow[]): Promise<Row[]> {
      const inserted: Row[] = [];
      for (const batch of chunk(rows)) {
        const stored = await ledger.insertRows(db, batch);
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
