import type { Metadata } from "next";
import { ErrorPanel } from "@/components/error-panel";
import { addDays, formatDate } from "@/components/format";
import { AccountTransactionTable } from "@/components/transactions/account-transaction-table";
import { QuickRanges } from "@/components/transactions/quick-ranges";
import { TransactionPaging } from "@/components/transactions/transaction-paging";
import { TransactionsFilterForm } from "@/components/transactions/transactions-filter-form";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import type { BookingStatus } from "@/lib/tpp/ais/ais-types";
import { loadAccountTransactionsPage } from "@/lib/tpp/ais/load-account-transactions-page";
import { transactionsHref } from "@/lib/tpp/ais/transactions-href";

export const metadata: Metadata = { title: "Account" };

type Params = Promise<{ accountId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATUS_LABELS: Record<BookingStatus, string> = {
  both: "Booked and pending",
  booked: "Booked",
  pending: "Pending",
  all: "All (also rejected)",
};
const STATUS_CHOICES = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));

/**
 * An account's transactions (the layout beside it shows the account, its balances and chart):
 * the filter, the bank's page of transactions and the paging. A value of the address that cannot
 * be used, or the bank's refusal of the filter, is named here, on its field; the account stays.
 */
export default async function AccountTransactionsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { accountId } = await params;
  const view = await loadAccountTransactionsPage(accountId, await searchParams);
  const { filter, problems, transactions, messages, today, path } = view;
  const ranges = [
    { label: "30 days", from: addDays(today, -29) },
    { label: "90 days", from: addDays(today, -89) },
    { label: "12 months", from: addDays(today, -364) },
    { label: "All history", from: addDays(today, -730) },
  ].map((range) => ({ label: range.label, href: transactionsHref(path, { status: filter.status, from: range.from }) }));
  const showPending = filter.page === undefined && transactions !== undefined && transactions.pending.length > 0;

  return (
    <Panel
      id="transactions"
      title="Transactions"
      description={`${STATUS_LABELS[filter.status]} · ${filter.from === undefined ? "from 90 days ago (the bank's default)" : `from ${formatDate(filter.from)}`} · ${filter.to === undefined ? "to today" : `to ${formatDate(filter.to)}`}`}
    >
      <TransactionsFilterForm
        action={path}
        label="Filter transactions"
        today={today}
        status={{ value: filter.status, messages: messages.status, choices: STATUS_CHOICES }}
        from={{ value: view.given.from, messages: messages.from }}
        to={{ value: view.given.to, messages: messages.to }}
      />
      <p className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span>Quick range:</span>
        <QuickRanges ranges={ranges} />
      </p>

      <div className="mt-6 space-y-6">
        {problems.length > 0 && (
          <div role="alert">
            <EmptyState title="The filter in this address cannot be used">
              {problems.find((problem) => problem.field === "page")?.message ?? "Correct the field marked above, or choose a quick range."}
            </EmptyState>
          </div>
        )}
        {view.error !== undefined && <ErrorPanel error={view.error} />}
        {showPending && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Pending ({transactions.pending.length})</h3>
            <p className="text-xs text-slate-500">
              Not booked yet: amounts and details may still change. The bank always lists every pending transaction, whatever the dates.
            </p>
            <div className="mt-2">
              <AccountTransactionTable transactions={transactions.pending} accountId={accountId} caption="Pending transactions" />
            </div>
          </div>
        )}
        {transactions !== undefined && filter.status !== "pending" && (
          <div>
            {showPending && <h3 className="text-sm font-semibold text-slate-900">Booked</h3>}
            {transactions.booked.length === 0 ? (
              <EmptyState title="No booked transactions in this period">Choose an earlier date, or another booking status.</EmptyState>
            ) : (
              <AccountTransactionTable transactions={transactions.booked} accountId={accountId} caption="Booked transactions" />
            )}
          </div>
        )}
        {transactions !== undefined && filter.status === "pending" && transactions.pending.length === 0 && (
          <EmptyState title="No pending transactions" />
        )}
      </div>
      {transactions !== undefined && (
        <TransactionPaging
          label="Pages of transactions"
          pages={transactions.pages}
          current={filter}
          hrefOf={(page, n) => transactionsHref(path, { status: filter.status, from: filter.from, to: filter.to, page, n })}
        />
      )}
    </Panel>
  );
}
