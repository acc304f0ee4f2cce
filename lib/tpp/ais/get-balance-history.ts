import { addDays } from "../../psd2/time";
import type { AspspContext } from "../aspsp/aspsp-context";
import { AspspError } from "../errors";
import type { AccountTransaction, Balance, TransactionPage } from "./ais-types";
import { type BalanceSeries, buildBalanceSeries } from "./build-balance-series";
import { getBalances } from "./get-balances";
import { listTransactions } from "./list-transactions";

/**
 * The page size asked for the chart's bookings: the spec lets the TPP set `limit` (at least 1)
 * and names no largest value; this bank's largest is 1,000. A bank that refuses it (a
 * FORMAT_ERROR on `limit`) is asked again with its own default page size.
 * @see docs/interface/accounts.md#transactions, docs/interface/limits.md#limits-in-the-spec
 */
export const CHART_PAGE_SIZE = 1_000;
/** At most this many pages are read for a chart. */
const MAX_PAGES = 15;

/** The balance the series is worked back from: closingBooked at its referenceDate, else any with a date. */
function anchorOf(balances: readonly Balance[]): { balance: Balance; date: string } | undefined {
  const ranked = [...balances].sort((a, b) => Number(b.type === "closingBooked") - Number(a.type === "closingBooked"));
  for (const balance of ranked) {
    const date = balance.referenceDate ?? balance.lastChangeDateTime?.slice(0, 10);
    if (date !== undefined) return { balance, date };
  }
  return undefined;
}

function refusesLimit(error: unknown): boolean {
  return error instanceof AspspError && error.status === 400 && error.tppMessages.some((message) => message.path === "limit");
}

/** The first page of the period's bookings in the largest pages the bank gives. */
async function firstPageOfBookings(ctx: AspspContext, accountId: string, dateFrom: string): Promise<TransactionPage> {
  try {
    return await listTransactions(ctx, accountId, { bookingStatus: "booked", dateFrom, limit: CHART_PAGE_SIZE });
  } catch (error) {
    if (!refusesLimit(error)) throw error;
    return listTransactions(ctx, accountId, { bookingStatus: "booked", dateFrom });
  }
}

/** Every booking from `dateFrom` to the bank's today: the first page, then the bank's next links (at most MAX_PAGES pages). */
async function readBookings(ctx: AspspContext, accountId: string, dateFrom: string): Promise<AccountTransaction[]> {
  let page = await firstPageOfBookings(ctx, accountId, dateFrom);
  const transactions: AccountTransaction[] = [...page.booked];
  for (let read = 1; page.pages.next !== undefined && read < MAX_PAGES; read++) {
    page = await listTransactions(ctx, accountId, { bookingStatus: "booked", page: page.pages.next });
    transactions.push(...page.booked);
  }
  return transactions;
}

/**
 * An account's end-of-day balance over the last `days` days up to `today` (the bank's, or the
 * promise of it: the balances are asked for meanwhile), for a
 * chart: its balances and the booked transactions of the period, worked back from closingBooked.
 * The balances and the first page of bookings are asked for at once; the bookings come in the
 * largest pages the bank gives (CHART_PAGE_SIZE), following its next links. Undefined when the
 * bank gives no dated balance to start from.
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export async function getBalanceHistory(
  ctx: AspspContext,
  accountId: string,
  options: { days?: number; today: string | PromiseLike<string> },
): Promise<{ series: BalanceSeries; balances: readonly Balance[] } | undefined> {
  const days = options.days ?? 90;
  // The balances need no date: asked for while today is still being read (the sandbox's clock).
  const [{ balances }, { today, from, transactions }] = await Promise.all([
    getBalances(ctx, accountId),
    Promise.resolve(options.today).then(async (day) => {
      const first = addDays(day, -(days - 1));
      return { today: day, from: first, transactions: await readBookings(ctx, accountId, first) };
    }),
  ]);
  const anchor = anchorOf(balances);
  if (anchor === undefined) return undefined;
  // A balance dated after today (the bank's clock ahead of the app's reading of it): the chart
  // runs to its day; the listing's dateTo is the bank's own today, so those bookings are in it.
  const to = anchor.date > today ? anchor.date : today;
  const series = buildBalanceSeries({ anchor: anchor.balance.amount, anchorDate: anchor.date, transactions, from, to });
  return { series, balances };
}
