import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { BalanceChart } from "@/components/balance-chart";
import { BalanceSummary } from "@/components/balance-summary";
import { ErrorPanel } from "@/components/error-panel";
import { addDays, formatBban, formatDate, formatIban } from "@/components/format";
import { TransactionList } from "@/components/transaction-list";
import { buttonStyles } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import type { BookingStatus, PageLinks } from "@/lib/tpp/ais/ais-types";
import { getAccount } from "@/lib/tpp/ais/get-account";
import { getBalanceHistory } from "@/lib/tpp/ais/get-balance-history";
import { listTransactions } from "@/lib/tpp/ais/list-transactions";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { getAppClock } from "@/lib/tpp/clock/get-app-clock";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";

export const metadata: Metadata = { title: "Account" };

type Params = Promise<{ accountId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const querySchema = z.object({
  status: z.enum(["booked", "pending", "both", "all"]).default("both").catch("both"),
  from: date,
  to: date,
  page: z.string().max(4096).regex(/^[A-Za-z0-9_-]+$/).optional().catch(undefined),
  n: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
type TransactionsQuery = z.output<typeof querySchema>;

const STATUS_LABELS: Record<BookingStatus, string> = { both: "Booked and pending", booked: "Booked", pending: "Pending", all: "All (also rejected)" };

function hrefOf(accountId: string, query: Partial<TransactionsQuery>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return `/accounts/${encodeURIComponent(accountId)}${text === "" ? "" : `?${text}`}`;
}

function Paging({ accountId, query, pages }: { accountId: string; query: TransactionsQuery; pages: PageLinks }) {
  const n = query.n ?? (query.page === undefined ? 1 : undefined);
  const base = { status: query.status, from: query.from, to: query.to };
  const link = (label: string, token: string | undefined, number: number | undefined, rel?: string) =>
    token === undefined ? (
      <span className="rounded-lg px-3 py-2 text-sm text-slate-300" aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link href={hrefOf(accountId, { ...base, page: token, n: number })} rel={rel} className={buttonStyles.secondary}>
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pages of transactions" className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
      <div className="flex gap-2">
        {link("First", pages.first, 1)}
        {link("Previous", pages.previous, n === undefined || n <= 1 ? undefined : n - 1, "prev")}
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {n === undefined ? "Page from the end" : `Page ${n}`}
        {pages.next === undefined ? " · last page" : ""}
      </p>
      <div className="flex gap-2">
        {link("Next", pages.next, n === undefined ? undefined : n + 1, "next")}
        {link("Last", pages.last, undefined)}
      </div>
    </nav>
  );
}

export default async function AccountPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { accountId } = await params;
  const raw = await searchParams;
  const query = querySchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const returnTo = hrefOf(accountId, query);
  // The bank's today (its sandbox clock in the sandbox): the date ranges the bank checks.
  const today = (await getAppClock()).today();

  const result = await loadForPage(returnTo, async () => {
    const ctx = await getAspspContext({ returnTo });
    const [account, history, transactions] = await Promise.all([
      getAccount(ctx, accountId),
      getBalanceHistory(ctx, accountId, { days: 90, today }),
      listTransactions(ctx, accountId, query.page === undefined ? { bookingStatus: query.status, dateFrom: query.from, dateTo: query.to } : { bookingStatus: query.status, page: query.page }),
    ]);
    return { account, history, transactions };
  });

  const back = (
    <Link href="/accounts" className="text-sm font-medium text-brand-700 hover:underline">
      ← Accounts
    </Link>
  );
  if (!result.ok) {
    return (
      <div className="space-y-6">
        {back}
        <PageHeader eyebrow="Account" title="This account cannot be shown" />
        <ErrorPanel
          error={result.error}
          actions={
            <>
              <a href={connectPathFor("/accounts")} className={buttonStyles.primary}>
                Choose accounts
              </a>
              <Link href="/accounts" className={buttonStyles.secondary}>
                Back to accounts
              </Link>
            </>
          }
        />
      </div>
    );
  }
  const { account, history, transactions } = result.value;
  const title = account.name ?? account.product ?? "Account";
  const showPending = query.page === undefined && transactions.pending.length > 0;
  const ranges = [
    { label: "30 days", from: addDays(today, -29) },
    { label: "90 days", from: addDays(today, -89) },
    { label: "12 months", from: addDays(today, -364) },
    { label: "All history", from: addDays(today, -730) },
  ];

  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        eyebrow={account.product !== undefined && account.product !== title ? account.product : "Account"}
        title={title}
        description={
          <span className="font-mono">
            {formatBban(account.bban)}
            {account.iban === undefined ? "" : ` · ${formatIban(account.iban)}`}
            {account.bic === undefined ? "" : ` · ${account.bic}`}
          </span>
        }
        actions={
          <Link href={`/payments/new?from=${encodeURIComponent(accountId)}`} className={buttonStyles.primary}>
            Pay from this account
          </Link>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel id="balances" title="Balances" description={account.ownerName}>
          <BalanceSummary balances={history?.balances ?? []} />
        </Panel>
        <Panel id="chart" title="Balance, last 90 days" className="lg:col-span-2">
          {history === undefined ? <p className="text-sm text-slate-500">The bank gave no dated balance to draw from.</p> : <BalanceChart series={history.series} />}
        </Panel>
      </div>

      <Panel id="transactions" title="Transactions" description={`${STATUS_LABELS[query.status]} · ${query.from === undefined ? "from 90 days ago (the bank's default)" : `from ${formatDate(query.from)}`} · ${query.to === undefined ? "to today" : `to ${formatDate(query.to)}`}`}>
        <form method="get" action={`/accounts/${encodeURIComponent(accountId)}`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end" aria-label="Filter transactions">
          <div>
            <label htmlFor="status" className="block text-xs font-medium text-slate-600">
              Booking status
            </label>
            <select id="status" name="status" defaultValue={query.status} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none">
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="from" className="block text-xs font-medium text-slate-600">
              From
            </label>
            <input id="from" name="from" type="date" defaultValue={query.from} max={today} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none" />
          </div>
          <div>
            <label htmlFor="to" className="block text-xs font-medium text-slate-600">
              To
            </label>
            <input id="to" name="to" type="date" defaultValue={query.to} max={today} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none" />
          </div>
          <button type="submit" className={buttonStyles.primary}>
            Show
          </button>
        </form>
        <p className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <span>Quick range:</span>
          {ranges.map((range) => (
            <Link key={range.label} href={hrefOf(accountId, { status: query.status, from: range.from })} className="rounded-full border border-slate-200 px-2.5 py-1 font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700">
              {range.label}
            </Link>
          ))}
        </p>

        <div className="mt-6 space-y-6">
          {showPending && (
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Pending ({transactions.pending.length})</h3>
              <p className="text-xs text-slate-500">Not booked yet: amounts and details may still change. The bank always lists every pending transaction, whatever the dates.</p>
              <div className="mt-2">
                <TransactionList transactions={transactions.pending} accountId={accountId} caption="Pending transactions" />
              </div>
            </div>
          )}
          {query.status !== "pending" && (
            <div>
              {showPending && <h3 className="text-sm font-semibold text-slate-900">Booked</h3>}
              {transactions.booked.length === 0 ? (
                <EmptyState title="No booked transactions in this period">Choose an earlier date, or another booking status.</EmptyState>
              ) : (
                <TransactionList transactions={transactions.booked} accountId={accountId} caption="Booked transactions" />
              )}
            </div>
          )}
          {query.status === "pending" && transactions.pending.length === 0 && <EmptyState title="No pending transactions" />}
        </div>
        <Paging accountId={accountId} query={query} pages={transactions.pages} />
      </Panel>
    </div>
  );
}
