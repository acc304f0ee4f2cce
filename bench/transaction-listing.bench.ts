import type { FastifyInstance } from "fastify";
import { createTransactionsRepository } from "../lib/bank/repositories/transactions-repository";
import { CUSTOMERS, ids } from "../lib/bank/testing/ais-scenarios";
import { buildTestBank } from "../lib/bank/testing/build-test-bank";
import { compareAsyncThroughput, type MeasureOptions } from "./measure";

const PAGE = 200;

/**
 * The sandbox's longest booked history (Ingrid's main account, 1,500+ rows) on PGlite, and the
 * keys of its pages: the first, and the last one reached by a paging link's cursor or by offset.
 */
async function withLongHistory<T>(run: (pages: { first: () => Promise<unknown>; lastByCursor: () => Promise<unknown>; lastByOffset: () => Promise<unknown> }) => Promise<T>): Promise<T> {
  const app: FastifyInstance = await buildTestBank("pglite");
  try {
    const transactions = createTransactionsRepository(app.bank.db);
    const account = ids.account(CUSTOMERS.ingrid, 1);
    const total = await transactions.count(account, { status: "booked" });
    if (total < 1_500) throw new Error(`the bench wants 1,500 booked transactions, the sandbox has ${total}`);
    const lastOffset = total - PAGE;
    // The row just before the last page: its key is what the previous page's `next` cursor holds.
    const [before] = (await transactions.list(account, { status: "booked", limit: 1, position: { offset: lastOffset - 1 } })).rows;
    if (!before) throw new Error("no row before the last page");
    const after = { sortDate: before.sortDate, seq: before.seq };
    return await run({
      first: () => transactions.list(account, { status: "booked", limit: PAGE }),
      lastByCursor: () => transactions.list(account, { status: "booked", limit: PAGE, position: { after } }),
      lastByOffset: () => transactions.list(account, { status: "booked", limit: PAGE, position: { offset: lastOffset } }),
    });
  } finally {
    await app.close();
  }
}

/**
 * transactionsLastPageVsFirstPage: reading the last page of 200 of a 1,500+ row history through
 * its paging cursor (keyset, on the listing index) against reading the first page. 1.0 means a
 * page costs the same however deep it is.
 */
export async function transactionsLastPageVsFirstPage(options: MeasureOptions): Promise<number> {
  return withLongHistory((pages) => compareAsyncThroughput(pages.lastByCursor, pages.first, options));
}

/**
 * transactionsOffsetLastPageVsFirstPage: the same last page reached by `offset` (which the API
 * still accepts) against the first page: what the cursor saves.
 */
export async function transactionsOffsetLastPageVsFirstPage(options: MeasureOptions): Promise<number> {
  return withLongHistory((pages) => compareAsyncThroughput(pages.lastByOffset, pages.first, options));
}
