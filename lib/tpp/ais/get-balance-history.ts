import type { AspspContext } from "../aspsp/aspsp-context";
import type { AccountTransaction, Balance } from "./ais-types";
import { type BalanceSeries, buildBalanceSeries } from "./build-balance-series";
import { getBalances } from "./get-balances";
import { listTransactions } from "./list-transactions";

/** At most this many pages are read for a chart (200 bookings each). */
const MAX_PAGES = 15;

function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** The balance the series is worked back from: closingBooked at its referenceDate, else any with a date. */
function anchorOf(balances: readonly Balance[]): { balance: Balance; date: string } | undefined {
  const ranked = [...balances].sort((a, b) => Number(b.type === "closingBooked") - Number(a.type === "closingBooked"));
  for (const balance of ranked) {
    const date = balance.referenceDate ?? balance.lastChangeDateTime?.slice(0, 10);
    if (date !== undefined) return { balance, date };
  }
  return undefined;
}

/**
 * An account's end-of-day balance over the last `days` days, for a chart: its balances and the
 * booked transactions of the period (every page, through the bank's next links), worked back
 * from closingBooked. Undefined when the bank gives no dated balance to start from.
 * @see supplement.md §3
 */
export async function getBalanceHistory(
  ctx: AspspContext,
  accountId: string,
  options: { days?: number; today: string },
): Promise<{ series: BalanceSeries; balances: readonly Balance[] } | undefined> {
  const days = options.days ?? 90;
  const { balances } = await getBalances(ctx, accountId);
  const anchor = anchorOf(balances);
  if (anchor === undefined) return undefined;
  const to = anchor.date > options.today ? anchor.date : options.today;
  const from = daysBefore(to, days - 1);
  const transactions: AccountTransaction[] = [];
  let page = await listTransactions(ctx, accountId, { bookingStatus: "booked", dateFrom: from });
  transactions.push(...page.booked);
  for (let read = 1; page.pages.next !== undefined && read < MAX_PAGES; read++) {
    page = await listTransactions(ctx, accountId, { bookingStatus: "booked", page: page.pages.next });
    transactions.push(...page.booked);
  }
  const series = buildBalanceSeries({ anchor: anchor.balance.amount, anchorDate: anchor.date, transactions, from, to });
  return { series, balances };
}
