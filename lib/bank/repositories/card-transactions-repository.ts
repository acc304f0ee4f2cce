import { and, count, eq, getTableName, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { cardTransactions } from "../db/schema";
import { chunk } from "./chunk";
import { buildUnnestInsert, textOrNull, UNNEST_BATCH_SIZE, type UnnestColumn } from "./unnest-insert";
import {
  assertValidListing,
  dateConditions,
  keysetCondition,
  listingOrder,
  type ListingPage,
  type ListingQuery,
} from "./listing-page";
import { formatAmount } from "./money";

export type CardTransactionRecord = typeof cardTransactions.$inferSelect;
export type NewCardTransaction = typeof cardTransactions.$inferInsert;
export type CardTransactionStatus = CardTransactionRecord["status"];

/** Every inserted column of a row, for the batch insert (seq comes from its sequence). */
const UNNEST_COLUMNS: UnnestColumn<NewCardTransaction>[] = [
  { column: cardTransactions.id, type: "text", value: (r) => r.id },
  { column: cardTransactions.cardAccountId, type: "text", value: (r) => r.cardAccountId },
  { column: cardTransactions.status, type: "text", value: (r) => r.status },
  { column: cardTransactions.bookingDate, type: "date", value: (r) => textOrNull(r.bookingDate) },
  { column: cardTransactions.transactionDate, type: "date", value: (r) => r.transactionDate },
  { column: cardTransactions.sortDate, type: "date", value: (r) => r.sortDate },
  { column: cardTransactions.amount, type: "numeric", value: (r) => r.amount },
  { column: cardTransactions.currency, type: "text", value: (r) => r.currency },
  { column: cardTransactions.originalAmount, type: "numeric", value: (r) => r.originalAmount },
  { column: cardTransactions.originalCurrency, type: "text", value: (r) => r.originalCurrency },
  { column: cardTransactions.merchantName, type: "text", value: (r) => textOrNull(r.merchantName) },
  { column: cardTransactions.merchantCategoryCode, type: "text", value: (r) => r.merchantCategoryCode },
  { column: cardTransactions.origin, type: "text", value: (r) => r.origin ?? "manual" },
  { column: cardTransactions.createdAt, type: "timestamptz", value: (r) => r.createdAt.toISOString() },
];

const keyColumns = { sortDate: cardTransactions.sortDate, seq: cardTransactions.seq };

function toCardTransactionRecord(row: CardTransactionRecord): CardTransactionRecord {
  return {
    ...row,
    amount: formatAmount(row.amount, row.currency),
    originalAmount: formatAmount(row.originalAmount, row.originalCurrency),
  };
}

/** Transactions of card accounts: booked and pending, in the card account's currency with the merchant's original amount. */
export function createCardTransactionsRepository(db: Executor) {
  async function exists(conditions: SQL[]): Promise<boolean> {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(cardTransactions)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  /** The number of a card account's transactions of one status within the dates. */
  async function countRows(
    cardAccountId: string,
    query: { status: CardTransactionStatus; dateFrom?: string; dateTo?: string },
  ): Promise<number> {
    const rows = await db
      .select({ value: count() })
      .from(cardTransactions)
      .where(and(eq(cardTransactions.cardAccountId, cardAccountId), eq(cardTransactions.status, query.status), ...dateConditions(keyColumns, query)));
    return rows[0]?.value ?? 0;
  }

  return {
    async findById(id: string): Promise<CardTransactionRecord | undefined> {
      const rows = await db.select().from(cardTransactions).where(eq(cardTransactions.id, id));
      return rows[0] && toCardTransactionRecord(rows[0]);
    },

    /** A card transaction of this card account; undefined when the id is unknown or another card account's. */
    async findInAccount(cardAccountId: string, cardTransactionId: string): Promise<CardTransactionRecord | undefined> {
      const rows = await db
        .select()
        .from(cardTransactions)
        .where(and(eq(cardTransactions.cardAccountId, cardAccountId), eq(cardTransactions.id, cardTransactionId)));
      return rows[0] && toCardTransactionRecord(rows[0]);
    },

    /**
     * One page of a card account's transactions of one status, newest first, paged in the database
     * on the index card_transactions_listing_idx (see listing-page.ts).
     *
     * @see supplement.md §3
     */
    async list(cardAccountId: string, query: ListingQuery<CardTransactionStatus>): Promise<ListingPage<CardTransactionRecord>> {
      assertValidListing(query);
      const base = [
        eq(cardTransactions.cardAccountId, cardAccountId),
        eq(cardTransactions.status, query.status),
        ...dateConditions(keyColumns, query),
      ];
      const position = query.position ?? { offset: 0 };
      const reverse = "before" in position;
      const conditions = [...base];
      if ("after" in position) conditions.push(keysetCondition(keyColumns, "<", position.after));
      if ("before" in position) conditions.push(keysetCondition(keyColumns, ">", position.before));
      const fetched = await db
        .select()
        .from(cardTransactions)
        .where(and(...conditions))
        .orderBy(...listingOrder(keyColumns, reverse))
        .limit(query.limit + 1)
        .offset("offset" in position ? position.offset : 0);
      const more = fetched.length > query.limit;
      const rows = fetched.slice(0, query.limit).map(toCardTransactionRecord);
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

      const page: ListingPage<CardTransactionRecord> = { rows, hasNext, hasPrevious };
      if (query.withTotal) page.total = await countRows(cardAccountId, query);
      return page;
    },

    count: countRows,

    /**
     * The exact sum (a decimal string at the storage scale, "0.00000" when none) of the booked
     * amounts whose booking date is within the range, e.g. `{ from: today }` for today's bookings
     * (closingBooked = booked balance minus them).
     */
    async sumBooked(cardAccountId: string, range: { from?: string; to?: string } = {}): Promise<string> {
      const conditions = [eq(cardTransactions.cardAccountId, cardAccountId), eq(cardTransactions.status, "booked")];
      // Booked rows have sort_date = booking_date: filtering on it keeps to the listing index.
      if (range.from !== undefined) conditions.push(gte(cardTransactions.sortDate, range.from));
      if (range.to !== undefined) conditions.push(lte(cardTransactions.sortDate, range.to));
      const rows = await db
        .select({ sum: sql<string>`coalesce(sum(${cardTransactions.amount}), 0)::text` })
        .from(cardTransactions)
        .where(and(...conditions));
      return rows[0]?.sum ?? "0";
    },

    /** The exact sum of the pending amounts (for the expected balance). */
    async sumPending(cardAccountId: string): Promise<string> {
      const rows = await db
        .select({ sum: sql<string>`coalesce(sum(${cardTransactions.amount}), 0)::text` })
        .from(cardTransactions)
        .where(and(eq(cardTransactions.cardAccountId, cardAccountId), eq(cardTransactions.status, "pending")));
      return rows[0]?.sum ?? "0";
    },

    async insert(cardTransaction: NewCardTransaction): Promise<CardTransactionRecord> {
      const rows = await db.insert(cardTransactions).values(cardTransaction).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting a card transaction returned no row");
      return toCardTransactionRecord(inserted);
    },

    /** Inserts rows in batches and returns them as stored, in the given order. */
    async insertAll(rows: NewCardTransaction[]): Promise<CardTransactionRecord[]> {
      const inserted: CardTransactionRecord[] = [];
      for (const batch of chunk(rows)) {
        const stored = await db.insert(cardTransactions).values(batch).returning();
        // RETURNING gives no order guarantee: restore the given one (seq follows it).
        stored.sort((a, b) => a.seq - b.seq);
        inserted.push(...stored.map(toCardTransactionRecord));
      }
      return inserted;
    },

    /** Inserts many rows, 5,000 per statement, in the given order (which sets their seq). */
    async insertMany(rows: NewCardTransaction[]): Promise<void> {
      for (const batch of chunk(rows, UNNEST_BATCH_SIZE)) await db.execute(buildUnnestInsert(getTableName(cardTransactions), UNNEST_COLUMNS, batch));
    },
  };
}

export type CardTransactionsRepository = ReturnType<typeof createCardTransactionsRepository>;
