import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cardTransactions, transactions } from "../db/schema";
import type { Executor } from "../db/open-bank-database";
import { initialIds } from "../services/sandbox/build-sandbox-dataset";
import { createSeededTestDatabase, SEEDED_TODAY } from "../testing/seeded-test-database";
import { testDatabaseKinds, type TestDatabase } from "../testing/test-database";
import { createCardTransactionsRepository } from "./card-transactions-repository";
import { keysetCondition, listingOrder, type ListingKey, type ListingPosition } from "./listing-page";
import { createTransactionsRepository, type TransactionRecord, type TransactionStatus } from "./transactions-repository";

const MAIN = initialIds.account("13039319955", 1);
const CARD = initialIds.cardAccount("13039319955");

/** The reference: a plain ordered query of every row, ids in listing order. */
async function plainIds(db: Executor, accountId: string, status: TransactionStatus, dateFrom?: string, dateTo?: string): Promise<string[]> {
  const conditions: SQL[] = [eq(transactions.accountId, accountId), eq(transactions.status, status)];
  if (dateFrom) conditions.push(gte(transactions.sortDate, dateFrom));
  if (dateTo) conditions.push(lte(transactions.sortDate, dateTo));
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.sortDate), desc(transactions.seq));
  return rows.map((row) => row.id);
}

function keyOf(row: TransactionRecord | undefined): ListingKey {
  if (!row) throw new Error("no row to take a key from");
  return { sortDate: row.sortDate, seq: row.seq };
}

const planSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

const planNodeSchema: z.ZodType<PlanNode> = z.lazy(() =>
  z.looseObject({
    "Index Name": z.string().optional(),
    "Index Cond": z.string().optional(),
    "Actual Rows": z.number().optional(),
    Plans: z.array(planNodeSchema).optional(),
  }),
);
type PlanNode = { "Index Name"?: string; "Index Cond"?: string; "Actual Rows"?: number; Plans?: PlanNode[] };

/** The plan of EXPLAIN (ANALYZE, FORMAT JSON) of a query: its top node. */
async function explain(db: Executor, query: SQL): Promise<PlanNode> {
  const result = planSchema.parse(await db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`));
  const cell = result.rows[0]?.["QUERY PLAN"];
  const plan = z.array(z.looseObject({ Plan: planNodeSchema })).parse(typeof cell === "string" ? JSON.parse(cell) : cell);
  const top = plan[0]?.Plan;
  if (!top) throw new Error("EXPLAIN gave no plan");
  return top;
}

function findIndexNode(node: PlanNode): PlanNode | undefined {
  if (node["Index Name"] !== undefined) return node;
  for (const child of node.Plans ?? []) {
    const found = findIndexNode(child);
    if (found) return found;
  }
  return undefined;
}

describe.each(testDatabaseKinds())("the transactions repository on %s", (kind) => {
  let database: TestDatabase;
  // Starting and seeding a database may take longer than the default 10 s hook limit on a busy machine.
  beforeAll(async () => {
    database = await createSeededTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.close());

  it("pages through every booked transaction with the keyset cursor: the same order as a plain query, no gaps, no duplicates", async () => {
    const repository = createTransactionsRepository(database.db);
    const expected = await plainIds(database.db, MAIN, "booked");
    expect(expected.length).toBeGreaterThanOrEqual(1500);
    const seen: string[] = [];
    let position: ListingPosition | undefined;
    let pages = 0;
    for (;;) {
      const page = await repository.list(MAIN, { status: "booked", limit: 200, ...(position ? { position } : {}), withTotal: pages === 0 });
      if (pages === 0) {
        expect(page.total).toBe(expected.length);
        expect(page.hasPrevious).toBe(false);
      } else {
        expect(page.hasPrevious).toBe(true);
      }
      pages++;
      seen.push(...page.rows.map((row) => row.id));
      if (!page.hasNext) break;
      position = { after: keyOf(page.rows.at(-1)) };
    }
    expect(pages).toBe(Math.ceil(expected.length / 200));
    expect(seen).toEqual(expected);
  });

  it("pages through them with offsets too, and back again with the before cursor", async () => {
    const repository = createTransactionsRepository(database.db);
    const expected = await plainIds(database.db, MAIN, "booked");
    const byOffset: string[] = [];
    for (let offset = 0; offset < expected.length + 150; offset += 150) {
      const page = await repository.list(MAIN, { status: "booked", limit: 150, position: { offset } });
      expect(page.hasPrevious).toBe(offset > 0);
      expect(page.hasNext).toBe(offset + 150 < expected.length);
      byOffset.push(...page.rows.map((row) => row.id));
    }
    expect(byOffset).toEqual(expected);

    const lastOffset = Math.floor((expected.length - 1) / 150) * 150;
    let page = await repository.list(MAIN, { status: "booked", limit: 150, position: { offset: lastOffset } });
    const backwards = [page.rows.map((row) => row.id)];
    while (page.hasPrevious) {
      page = await repository.list(MAIN, { status: "booked", limit: 150, position: { before: keyOf(page.rows[0]) } });
      expect(page.hasNext).toBe(true);
      backwards.unshift(page.rows.map((row) => row.id));
    }
    expect(backwards.flat()).toEqual(expected);
    expect(backwards[0]).toHaveLength(150);
  });

  it("filters on dates inclusively at both ends, and on status", async () => {
    const repository = createTransactionsRepository(database.db);
    const from = "2025-10-01";
    const to = "2025-10-31";
    const expected = await plainIds(database.db, MAIN, "booked", from, to);
    const page = await repository.list(MAIN, { status: "booked", dateFrom: from, dateTo: to, limit: 1000, withTotal: true });
    expect(page.rows.map((row) => row.id)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    for (const row of page.rows) expect(row.sortDate >= from && row.sortDate <= to).toBe(true);

    // The boundaries: rows on the first and last day are in, the days around them out.
    const onDay = async (day: string) => (await plainIds(database.db, MAIN, "booked", day, day)).length;
    const boundary = page.rows.at(-1)?.sortDate ?? "";
    const single = await repository.list(MAIN, { status: "booked", dateFrom: boundary, dateTo: boundary, limit: 100 });
    expect(single.rows.length).toBe(await onDay(boundary));
    expect(single.rows.length).toBeGreaterThan(0);
    const before = await repository.list(MAIN, { status: "booked", dateTo: "2025-09-30", limit: 1, withTotal: true });
    expect(before.rows[0]?.sortDate).toBe((await plainRow(database.db, "2025-09-30"))?.sortDate);

    const pending = await repository.list(MAIN, { status: "pending", limit: 50 });
    expect(pending.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of pending.rows) {
      expect(row.status).toBe("pending");
      expect(row.bookingDate).toBeNull();
    }
    const rejected = await repository.list(MAIN, { status: "rejected", limit: 50 });
    expect(rejected.rows.map((row) => row.status)).toEqual(["rejected"]);
    const empty = await repository.list(MAIN, { status: "booked", dateFrom: "2030-01-01", limit: 10, withTotal: true });
    expect(empty).toEqual({ rows: [], hasNext: false, hasPrevious: false, total: 0 });
  });

  it("serves a next page from transactions_listing_idx in index order, reading one page of rows however deep it is", async () => {
    const db = database.db;
    await db.execute(sql`ANALYZE transactions`);
    const repository = createTransactionsRepository(db);
    const total = (await plainIds(db, MAIN, "booked")).length;
    const columns = { sortDate: transactions.sortDate, seq: transactions.seq };
    const where = (cursor?: ListingKey) =>
      and(eq(transactions.accountId, MAIN), eq(transactions.status, "booked"), ...(cursor ? [keysetCondition(columns, "<", cursor)] : []));
    for (const depth of [200, 800, 1400]) {
      const previous = await repository.list(MAIN, { status: "booked", limit: 200, position: { offset: depth - 200 } });
      const cursor = keyOf(previous.rows.at(-1));
      // The queries the repository runs for { after: cursor } and for { offset: depth }, built from the same parts.
      const keyset = db
        .select()
        .from(transactions)
        .where(where(cursor))
        .orderBy(...listingOrder(columns, false))
        .limit(201);
      const offset = db
        .select()
        .from(transactions)
        .where(where())
        .orderBy(...listingOrder(columns, false))
        .limit(201)
        .offset(depth);
      const keysetIndex = findIndexNode(await explain(db, keyset.getSQL()));
      expect(keysetIndex?.["Index Name"]).toBe("transactions_listing_idx");
      expect(keysetIndex?.["Index Cond"]).toMatch(/ROW\(sort_date, seq\) < ROW\(/);
      // In index order it stops after limit + 1 rows; near the end PostgreSQL may rather take the
      // few rows left through the index and sort them. Never a row before the cursor.
      if (depth === 200) expect(keysetIndex?.["Actual Rows"]).toBe(201);
      expect(keysetIndex?.["Actual Rows"]).toBeLessThanOrEqual(Math.max(201, total - depth));
      // The bare offset stays correct but reads every row before the page. (On a table this
      // small PostgreSQL may rather scan it whole: whole-table scans are priced out to compare.)
      const offsetIndex = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        return findIndexNode(await explain(tx, offset.getSQL()));
      });
      expect(offsetIndex?.["Actual Rows"]).toBe(depth + 201);
    }
  });

  it("finds a transaction only within its own account, and sums booked and pending amounts exactly", async () => {
    const db = database.db;
    const repository = createTransactionsRepository(db);
    const first = (await repository.list(MAIN, { status: "booked", limit: 1 })).rows[0];
    expect(first).toBeDefined();
    expect(await repository.findInAccount(MAIN, first?.id ?? "")).toEqual(first);
    expect(await repository.findInAccount(initialIds.account("13039319955", 2), first?.id ?? "")).toBeUndefined();

    const [todays] = await db
      .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(23,2)::text` })
      .from(transactions)
      .where(and(eq(transactions.accountId, MAIN), eq(transactions.status, "booked"), eq(transactions.bookingDate, "2026-01-09")));
    expect(Number(await repository.sumBooked(MAIN, { from: "2026-01-09", to: "2026-01-09" })).toFixed(2)).toBe(todays?.sum);
    const pendingRows = (await repository.list(MAIN, { status: "pending", limit: 10 })).rows;
    const pendingOre = pendingRows.reduce((sum, row) => sum + BigInt(row.amount.replace(".", "")), 0n);
    expect(BigInt((await repository.sumPending(MAIN)).replace(/\.([0-9]{2})0*$/, "$1"))).toBe(pendingOre);
    expect(await repository.sumBooked(MAIN, { from: "2031-01-01" })).toBe("0");
    expect(SEEDED_TODAY).toBe("2026-01-10");
  });

  it("pages card transactions the same way", async () => {
    const db = database.db;
    const repository = createCardTransactionsRepository(db);
    const expected = (
      await db
        .select({ id: cardTransactions.id })
        .from(cardTransactions)
        .where(and(eq(cardTransactions.cardAccountId, CARD), eq(cardTransactions.status, "booked")))
        .orderBy(desc(cardTransactions.sortDate), desc(cardTransactions.seq))
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(100);
    const seen: string[] = [];
    let position: ListingPosition | undefined;
    for (;;) {
      const page = await repository.list(CARD, { status: "booked", limit: 25, ...(position ? { position } : {}) });
      seen.push(...page.rows.map((row) => row.id));
      const last = page.rows.at(-1);
      if (!page.hasNext || !last) break;
      position = { after: { sortDate: last.sortDate, seq: last.seq } };
    }
    expect(seen).toEqual(expected);
    const [{ value } = { value: 0 }] = await db
      .select({ value: count() })
      .from(cardTransactions)
      .where(and(eq(cardTransactions.cardAccountId, CARD), eq(cardTransactions.status, "pending")));
    expect((await repository.list(CARD, { status: "pending", limit: 10, withTotal: true })).total).toBe(value);
  });

  it("refuses a limit below 1 and a negative offset", async () => {
    const repository = createTransactionsRepository(database.db);
    await expect(repository.list(MAIN, { status: "booked", limit: 0 })).rejects.toThrow("limit must be an integer of at least 1, got 0");
    await expect(repository.list(MAIN, { status: "booked", limit: 5, position: { offset: -1 } })).rejects.toThrow(
      "offset must be a non-negative integer, got -1",
    );
  });
});

async function plainRow(db: Executor, dateTo: string): Promise<{ sortDate: string } | undefined> {
  const rows = await db
    .select({ sortDate: transactions.sortDate })
    .from(transactions)
    .where(and(eq(transactions.accountId, MAIN), eq(transactions.status, "booked"), lte(transactions.sortDate, dateTo)))
    .orderBy(desc(transactions.sortDate), asc(transactions.seq))
    .limit(1);
  return rows[0];
}
