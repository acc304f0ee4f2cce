import { and, count, eq, getTableName, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { transactions } from "../db/schema";
import { chunk } from "./chunk";
import { buildUnnestInsert, jsonOrNull, textOrNull, UNNEST_BATCH_SIZE, type UnnestColumn } from "./unnest-insert";
import {
  assertValidListing,
  dateConditions,
  keysetCondition,
  listingOrder,
  type ListingPage,
  type ListingQuery,
} from "./listing-page";
import { formatAmount } from "./money";

export type TransactionRecord = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type TransactionStatus = TransactionRecord["status"];

/** Every inserted column of a row, for the batch insert (seq comes from its sequence). */
const UNNEST_COLUMNS: UnnestColumn<NewTransaction>[] = [
  { column: transactions.id, type: "text", value: (r) => r.id },
  { column: transactions.accountId, type: "text", value: (r) => r.accountId },
  { column: transactions.status, type: "text", value: (r) => r.status },
  { column: transactions.bookingDate, type: "date", value: (r) => textOrNull(r.bookingDate) },
  { column: transactions.valueDate, type: "date", value: (r) => r.valueDate },
  { column: transactions.sortDate, type: "date", value: (r) => r.sortDate },
  { column: transactions.amount, type: "numeric", value: (r) => r.amount },
  { column: transactions.currency, type: "text", value: (r) => r.currency },
  { column: transactions.entryReference, type: "text", value: (r) => textOrNull(r.entryReference) },
  { column: transactions.endToEndId, type: "text", value: (r) => textOrNull(r.endToEndId) },
  { column: transactions.creditorName, type: "text", value: (r) => textOrNull(r.creditorName) },
  { column: transactions.creditorAccount, type: "jsonb", value: (r) => jsonOrNull(r.creditorAccount) },
  { column: transactions.debtorName, type: "text", value: (r) => textOrNull(r.debtorName) },
  { column: transactions.debtorAccount, type: "jsonb", value: (r) => jsonOrNull(r.debtorAccount) },
  { column: transactions.remittanceUnstructured, type: "text", value: (r) => textOrNull(r.remittanceUnstructured) },
  { column: transactions.remittanceStructured, type: "text", value: (r) => textOrNull(r.remittanceStructured) },
  { column: transactions.proprietaryCode, type: "text", value: (r) => textOrNull(r.proprietaryCode) },
  { column: transactions.details, type: "jsonb", value: (r) => jsonOrNull(r.details) },
  { column: transactions.paymentId, type: "text", value: (r) => textOrNull(r.paymentId) },
  { column: transactions.origin, type: "text", value: (r) => r.origin ?? "manual" },
  { column: transactions.createdAt, type: "timestamptz", value: (r) => r.createdAt.toISOString() },
];

const keyColumns = { sortDate: transactions.sortDate, seq: transactions.seq };

function toTransactionRecord(row: TransactionRecord): TransactionRecord {
  return { ...row, amount: formatAmount(row.amount, row.currency) };
}

/** Transactions of payment accounts: booked, pending and rejected. */
export function createTransactionsRepository(db: Executor) {
  async function exists(conditions: SQL[]): Promise<boolean> {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(transactions)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  /** The number of an account's transactions of one status within the dates. */
  async function countRows(
    accountId: string,
    query: { status: TransactionStatus; dateFrom?: string; dateTo?: string },
  ): Promise<number> {
    const rows = await db
      .select({ value: count() })
      .from(transactions)
      .where(and(eq(transactions.accountId, accountId), eq(transactions.status, query.status), ...dateConditions(keyColumns, query)));
    return rows[0]?.value ?? 0;
  }

  return {
    async findById(id: string): Promise<TransactionRecord | undefined> {
      const rows = await db.select().from(transactions).where(eq(transactions.id, id));
      return rows[0] && toTransactionRecord(rows[0]);
    },

    /** A transaction of this account; undefined when the id is unknown or another account's. */
    async findInAccount(accountId: string, transactionId: string): Promise<TransactionRecord | undefined> {
      const rows = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.id, transactionId)));
      return rows[0] && toTransactionRecord(rows[0]);
    },

    /**
     * One page of an account's transactions of one status, newest first, paged in the database
     * on the index transactions_listing_idx (see listing-page.ts).
     *
     * @see supplement.md §3
     */
    async list(accountId: string, query: ListingQuery<TransactionStatus>): Promise<ListingPage<TransactionRecord>> {
      assertValidListing(query);
      const base = [
        eq(transactions.accountId, accountId),
        eq(transactions.status, query.status),
        ...dateConditions(keyColumns, query),
      ];
      const position = query.position ?? { offset: 0 };
      const reverse = "before" in position;
      const conditions = [...base];
      if ("after" in position) conditions.push(keysetCondition(keyColumns, "<", position.after));
      if ("before" in position) conditions.push(keysetCondition(keyColumns, ">", position.before));
      const fetched = await db
        .select()
        .from(transactions)
        .where(and(...conditions))
        .orderBy(...listingOrder(keyColumns, reverse))
        .limit(query.limit + 1)
        .offset("offset" in position ? position.offset : 0);
      const more = fetched.length > query.limit;
      const rows = fetched.slice(0, query.limit).map(toTransactionRecord);
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

      const page: ListingPage<TransactionRecord> = { rows, hasNext, hasPrevious };
      if (query.withTotal) page.total = await countRows(accountId, query);
      return page;
    },

    count: countRows,

    /**
     * The exact sum (a decimal string at the storage scale, "0.00000" when none) of the booked
     * amounts whose booking date is within the range, e.g. `{ from: today }` for today's bookings
     * (closingBooked = booked balance minus them).
     */
    async sumBooked(accountId: string, range: { from?: string; to?: string } = {}): Promise<string> {
      const conditions = [eq(transactions.accountId, accountId), eq(transactions.status, "booked")];
      // Booked rows have sort_date = booking_date: filtering on it keeps to the listing index.
      if (range.from !== undefined) conditions.push(gte(transactions.sortDate, range.from));
      if (range.to !== undefined) conditions.push(lte(transactions.sortDate, range.to));
      const rows = await db
        .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
        .from(transactions)
        .where(and(...conditions));
      return rows[0]?.sum ?? "0";
    },

    /** The exact sum of the pending amounts (for the expected balance). */
    async sumPending(accountId: string): Promise<string> {
      const rows = await db
        .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.status, "pending")));
      return rows[0]?.sum ?? "0";
    },

    async insert(transaction: NewTransaction): Promise<TransactionRecord> {
      const rows = await db.insert(transactions).values(transaction).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting a transaction returned no row");
      return toTransactionRecord(inserted);
    },

    /** Inserts rows in batches and returns them as stored, in the given order. */
    async insertAll(rows: NewTransaction[]): Promise<TransactionRecord[]> {
      const inserted: TransactionRecord[] = [];
      for (const batch of chunk(rows)) {
        const stored = await db.insert(transactions).values(batch).returning();
        // RETURNING gives no order guarantee: restore the given one (seq follows it).
        stored.sort((a, b) => a.seq - b.seq);
        inserted.push(...stored.map(toTransactionRecord));
      }
      return inserted;
    },

    /** Inserts many rows, 5,000 per statement, in the given order (which sets their seq). */
    async insertMany(rows: NewTransaction[]): Promise<void> {
      for (const batch of chunk(rows, UNNEST_BATCH_SIZE)) await db.execute(buildUnnestInsert(getTableName(transactions), UNNEST_COLUMNS, batch));
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
