import type { FastifyInstance } from "fastify";
import { createRandomId } from "../lib/bank/repositories/ids";
import { createTransactionsRepository, type NewTransaction } from "../lib/bank/repositories/transactions-repository";
import { addDays } from "../lib/psd2/time";
import { DEFAULT_HISTORY_DAYS } from "../lib/bank/services/account-information/transactions-listing";
import { CUSTOMERS, ids } from "../lib/bank/testing/ais-scenarios";
import { TEST_NOW } from "../lib/bank/testing/build-test-bank";
import { type BenchBank, prepareBenchBank, type RunningBank } from "./bank-process";
import { compareLoad, type LoadTarget } from "./load";
import type { MeasureOptions } from "./measure";

/** The history the deep pages are read from (`npm run bench`; the unit test's quick pass reads a short one). */
export const DEEP_HISTORY_ROWS = 150_000;
const QUICK_HISTORY_ROWS = 2_000;
const PAGE = 200;
const account = ids.account(CUSTOMERS.ingrid, 1);
const listing = `/v1/accounts/${account}/transactions`;

/**
 * Ingrid's main account grown to 150,000 booked transactions in the listing's default 90 days
 * (those added spread over the 89 days before the sandbox's today), inserted in batches.
 */
async function growHistory(app: FastifyInstance, historyRows: number): Promise<void> {
  const transactions = createTransactionsRepository(app.bank.db);
  const today = app.bank.clock.today();
  // What the listing reads by default: the last 90 days.
  const listed = { status: "booked" as const, dateFrom: addDays(today, -DEFAULT_HISTORY_DAYS), dateTo: today };
  const have = await transactions.count(account, listed);
  const rows: NewTransaction[] = [];
  const wanted = historyRows - have;
  for (let i = 0; i < wanted; i++) {
    const day = addDays(today, -1 - (i % 89));
    rows.push({
      id: createRandomId(),
      accountId: account,
      status: "booked",
      bookingDate: day,
      valueDate: day,
      sortDate: day,
      amount: `-${(i % 9000) + 10}.50`,
      currency: "NOK",
      creditorName: "Bench Butikk AS",
      remittanceUnstructured: `Kjøp ${i}`,
      createdAt: TEST_NOW,
    });
  }
  await transactions.insertMany(rows);
  const total = await transactions.count(account, listed);
  if (total !== historyRows) throw new Error(`the deep history has ${total} booked transactions in 90 days, not ${historyRows}`);
}

type DeepPageFigures = { deepPageVsFirstPage: number; deepOffsetVsFirstPage: number };
type DeepPages = { first: LoadTarget; next: LoadTarget; offset: LoadTarget };

/** The three reads: the first page, the `next` link of the page before the last, the last page by offset. */
async function deepPages(bank: BenchBank, running: RunningBank, historyRows: number): Promise<DeepPages> {
  const get = (path: string, name: string) => bank.signedGet(running.url, path, name);
  const beforeLast = get(`${listing}?bookingStatus=booked&limit=${PAGE}&offset=${historyRows - 2 * PAGE}`, "page before the last");
  const response = await fetch(beforeLast.url, { headers: beforeLast.headers });
  const body = (await response.json()) as { transactions?: { booked?: unknown[]; _links?: { next?: { href?: string } } } };
  const nextHref = body.transactions?._links?.next?.href;
  if (response.status !== 200 || !nextHref) throw new Error(`the page before the last answered ${response.status} without a next link`);
  return {
    first: get(`${listing}?bookingStatus=booked&limit=${PAGE}`, "first page"),
    next: get(nextHref, "next near the end"),
    offset: get(`${listing}?bookingStatus=booked&limit=${PAGE}&offset=${historyRows - PAGE}`, "offset near the end"),
  };
}

/**
 * deepPageVsFirstPage and deepOffsetVsFirstPage, on PostgreSQL through a bank process: signed
 * PSU-present reads of a 200-row page at 16 in flight, near the end of a 150,000-row history:
 * the cost of each (time per read, from the throughput) over that of the first page. `next`
 * follows the paging link (a sealed keyset cursor), `offset` asks for the same depth by a bare
 * offset. 1.0: a deep page costs what the first does.
 */
async function measureDeepPages(options: MeasureOptions): Promise<DeepPageFigures> {
  const historyRows = options.quick === true ? QUICK_HISTORY_ROWS : DEEP_HISTORY_ROWS;
  const bank = await prepareBenchBank("postgres", (app) => growHistory(app, historyRows));
  let running: RunningBank | undefined;
  try {
    running = await bank.start(1);
    const pages = await deepPages(bank, running, historyRows);
    // Costs: the first page's throughput over the deep page's is the deep page's time over the first's.
    const deepPageVsFirstPage = await compareLoad(pages.first, pages.next, options);
    const deepOffsetVsFirstPage = await compareLoad(pages.first, pages.offset, options);
    return { deepPageVsFirstPage, deepOffsetVsFirstPage };
  } finally {
    await running?.stop();
    await bank.drop();
  }
}

// Both figures come from one bank and one history, made by whichever is asked first.
let measured: Promise<DeepPageFigures> | undefined;

/** deepPageVsFirstPage: the cost of `next` near the end of 150,000 rows over that of the first page; aim at 1.3 or less. */
export async function deepPageVsFirstPage(options: MeasureOptions): Promise<number> {
  measured ??= measureDeepPages(options);
  return (await measured).deepPageVsFirstPage;
}

/** deepOffsetVsFirstPage: the cost of the same depth by a bare `offset` over the first page's: what the cursor saves. */
export async function deepOffsetVsFirstPage(options: MeasureOptions): Promise<number> {
  measured ??= measureDeepPages(options);
  return (await measured).deepOffsetVsFirstPage;
}
