import type { Metadata } from "next";
import Link from "next/link";
import { ErrorPanel } from "@/components/error-panel";
import { addDays, formatDate } from "@/components/format";
import { TransactionList } from "@/components/transaction-list";
import { buttonStyles } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import type { BookingStatus, PageLinks } from "@/lib/tpp/ais/ais-types";
import { listTransactions } from "@/lib/tpp/ais/list-transactions";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { getAppClock } from "@/lib/tpp/clock/get-app-clock";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { readTransactionsFilter, type TransactionsFilter, type TransactionsFilterField } from "@/lib/tpp/forms/read-transactions-filter";

export const metadata: Metadata = { title: "Account" };

type Params = Promise<{ accountId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATUS_LABELS: Record<BookingStatus, string> = {
  both: "Booked and pending",
  booked: "Booked",
  pending: "Pending",
  all: "All (also rejected)",
};
/** The bank's tppMessage paths that belong to a field of the filter. */
const FIELD_OF_PATH: Readonly<Record<string, TransactionsFilterField>> = { dateFrom: "from", dateTo: "to", bookingStatus: "status" };

const fieldClass =
  "mt-1 block w-full rounded-lg border px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none";

function hrefOf(accountId: string, query: Partial<TransactionsFilter>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return `/accounts/${encodeURIComponent(accountId)}${text === "" ? "" : `?${text}`}`;
}

function Paging({ accountId, filter, pages }: { accountId: string; filter: TransactionsFilter; pages: PageLinks }) {
  const n = filter.n ?? (filter.page === undefined ? 1 : undefined);
  const base = { status: filter.status, from: filter.from, to: filter.to };
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
    <nav
      aria-label="Pages of transactions"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4"
    >
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

/** A filter field's error under it, named by the field's aria-describedby. */
function FieldError({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {messages.join(" ")}
    </p>
  );
}

/**
 * An account's transactions (the layout beside it shows the account, its balances and chart):
 * the filter, the bank's page of transactions and the paging. A value of the address that cannot
 * be used, or the bank's refusal of the filter, is named here, on its field; the account stays.
 */
export default async function AccountTransactionsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { accountId } = await params;
  const { filter, problems } = readTransactionsFilter(await searchParams);
  const returnTo = hrefOf(accountId, filter);
  // The bank's today (its sandbox clock in the sandbox): the quick ranges. Read while the bank is asked for the page.
  const clock = getAppClock();

  const result =
    problems.length > 0
      ? undefined
      : await loadForPage(returnTo, async () => {
          const ctx = await getAspspContext({ returnTo });
          return listTransactions(
            ctx,
            accountId,
            filter.page === undefined
              ? { bookingStatus: filter.status, dateFrom: filter.from, dateTo: filter.to }
              : { bookingStatus: filter.status, page: filter.page },
          );
        });

  const today = (await clock).today();
  // The messages on each field: the address's own problems, or the bank's tppMessages whose path is a field's.
  const messagesOf = (field: TransactionsFilterField): string[] => [
    ...problems.filter((problem) => problem.field === field).map((problem) => problem.message),
    ...(result?.ok === false
      ? result.error.tppMessages
          .filter((message) => FIELD_OF_PATH[message.path ?? ""] === field)
          .map((message) => message.text ?? message.code)
      : []),
  ];
  const invalid = (field: TransactionsFilterField) => messagesOf(field).length > 0;
  // The form shows the values as given, so that the one named can be corrected.
  const given = (field: "from" | "to") => problems.find((problem) => problem.field === field)?.value ?? filter[field];
  const describedBy = (field: TransactionsFilterField) =>
    invalid(field) ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  const ranges = [
    { label: "30 days", from: addDays(today, -29) },
    { label: "90 days", from: addDays(today, -89) },
    { label: "12 months", from: addDays(today, -364) },
    { label: "All history", from: addDays(today, -730) },
  ];
  const transactions = result?.ok === true ? result.value : undefined;
  const showPending = filter.page === undefined && transactions !== undefined && transactions.pending.length > 0;

  return (
    <Panel
      id="transactions"
      title="Transactions"
      description={`${STATUS_LABELS[filter.status]} · ${filter.from === undefined ? "from 90 days ago (the bank's default)" : `from ${formatDate(filter.from)}`} · ${filter.to === undefined ? "to today" : `to ${formatDate(filter.to)}`}`}
    >
      <form
        method="get"
        action={`/accounts/${encodeURIComponent(accountId)}`}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
        aria-label="Filter transactions"
      >
        <div>
          <label htmlFor="status" className="block text-xs font-medium text-slate-600">
            Booking status
          </label>
          {/* Each field keyed by its value: a default value is read once, and a quick range or a page link keeps the page mounted. */}
          <select
            key={filter.status}
            id="status"
            name="status"
            defaultValue={filter.status}
            className={`${fieldClass} bg-white ${invalid("status") ? "border-red-500" : "border-slate-300"}`}
            {...describedBy("status")}
          >
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldError id="status-error" messages={messagesOf("status")} />
        </div>
        <div>
          <label htmlFor="from" className="block text-xs font-medium text-slate-600">
            From
          </label>
          <input
            key={given("from") ?? ""}
            id="from"
            name="from"
            type="date"
            defaultValue={given("from")}
            max={today}
            className={`${fieldClass} ${invalid("from") ? "border-red-500" : "border-slate-300"}`}
            {...describedBy("from")}
          />
          <FieldError id="from-error" messages={messagesOf("from")} />
        </div>
        <div>
          <label htmlFor="to" className="block text-xs font-medium text-slate-600">
            To
          </label>
          <input
            key={given("to") ?? ""}
            id="to"
            name="to"
            type="date"
            defaultValue={given("to")}
            max={today}
            className={`${fieldClass} ${invalid("to") ? "border-red-500" : "border-slate-300"}`}
            {...describedBy("to")}
          />
          <FieldError id="to-error" messages={messagesOf("to")} />
        </div>
        <button type="submit" className={`${buttonStyles.primary} lg:mt-5`}>
          Show
        </button>
      </form>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span>Quick range:</span>
        {ranges.map((range) => (
          <Link
            key={range.label}
            href={hrefOf(accountId, { status: filter.status, from: range.from })}
            className="rounded-full border border-slate-200 px-2.5 py-1 font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
          >
            {range.label}
          </Link>
        ))}
      </p>

      <div className="mt-6 space-y-6">
        {problems.length > 0 && (
          <div role="alert">
            <EmptyState title="The filter in this address cannot be used">
              {problems.find((problem) => problem.field === "page")?.message ?? "Correct the field marked above, or choose a quick range."}
            </EmptyState>
          </div>
        )}
        {result?.ok === false && <ErrorPanel error={result.error} />}
        {showPending && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Pending ({transactions.pending.length})</h3>
            <p className="text-xs text-slate-500">
              Not booked yet: amounts and details may still change. The bank always lists every pending transaction, whatever the dates.
            </p>
            <div className="mt-2">
              <TransactionList transactions={transactions.pending} accountId={accountId} caption="Pending transactions" />
            </div>
          </div>
        )}
        {transactions !== undefined && filter.status !== "pending" && (
          <div>
            {showPending && <h3 className="text-sm font-semibold text-slate-900">Booked</h3>}
            {transactions.booked.length === 0 ? (
              <EmptyState title="No booked transactions in this period">Choose an earlier date, or another booking status.</EmptyState>
            ) : (
              <TransactionList transactions={transactions.booked} accountId={accountId} caption="Booked transactions" />
            )}
          </div>
        )}
        {transactions !== undefined && filter.status === "pending" && transactions.pending.length === 0 && (
          <EmptyState title="No pending transactions" />
        )}
      </div>
      {transactions !== undefined && <Paging accountId={accountId} filter={filter} pages={transactions.pages} />}
    </Panel>
  );
}
