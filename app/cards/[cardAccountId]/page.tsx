import type { Metadata } from "next";
import { BalanceSummary } from "@/components/balance-summary";
import { AccountsRecoveryActions, backToAccounts, CannotShowPage } from "@/components/cannot-show-page";
import { accountStatusLabel, addDays, formatDate, formatMaskedPan, formatMoney } from "@/components/format";
import { ScaRenewalNotice } from "@/components/sca-renewal-notice";
import { CardTransactionTable } from "@/components/transactions/card-transaction-table";
import { QuickRanges } from "@/components/transactions/quick-ranges";
import { TransactionPaging } from "@/components/transactions/transaction-paging";
import { TransactionsFilterForm } from "@/components/transactions/transactions-filter-form";
import { BackLink } from "@/components/ui/back-link";
import { DetailsList } from "@/components/ui/details-list";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { loadCardAccountPage } from "@/lib/tpp/ais/load-card-account-page";
import { transactionsHref } from "@/lib/tpp/ais/transactions-href";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";

export const metadata: Metadata = { title: "Card account" };

type Params = Promise<{ cardAccountId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A card account: its balances, credit limit and card transactions. A `from` date of the address
 * that cannot be used (or that the bank refuses) is named on the From field, the card still shown.
 */
export default async function CardAccountPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { cardAccountId } = await params;
  const view = await loadCardAccountPage(cardAccountId, await searchParams);
  if (!view.result.ok) {
    return (
      <CannotShowPage
        back={backToAccounts}
        eyebrow="Card account"
        title="This card account cannot be shown"
        error={view.result.error}
        actions={<AccountsRecoveryActions />}
      />
    );
  }
  const { path, filter, problems, today } = view;
  const { card, balances, transactions, refused } = view.result.value;
  const ranges = [
    { label: "90 days", from: addDays(today, -89) },
    { label: "12 months", from: addDays(today, -364) },
  ].map((range) => ({ label: range.label, href: transactionsHref(path, { from: range.from }) }));
  return (
    <div className="space-y-6">
      <BackLink {...backToAccounts} />
      <ScaRenewalNotice renewal={view.renewal} renewHref={connectPathFor(view.returnTo)} />
      <PageHeader
        eyebrow={card.product !== undefined && card.product !== card.name ? card.product : "Card account"}
        title={card.name ?? card.product ?? "Card"}
        description={<span className="font-mono">{formatMaskedPan(card.maskedPan)}</span>}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Panel id="card-balances" title="Balances" className="lg:col-span-2">
          <BalanceSummary balances={balances.balances} />
        </Panel>
        <Panel id="card-facts" title="Card">
          <DetailsList
            label="Card"
            items={[
              { term: "Card number", value: <span className="whitespace-nowrap">{formatMaskedPan(card.maskedPan)}</span>, mono: true },
              { term: "Credit limit", value: card.creditLimit === undefined ? "–" : formatMoney(card.creditLimit) },
              { term: "Currency", value: card.currency },
              { term: "Status", value: card.status === undefined ? "–" : accountStatusLabel(card.status) },
            ]}
          />
        </Panel>
      </div>
      <Panel
        id="card-transactions"
        title="Card transactions"
        description={`${filter.from === undefined ? "The bank's default period" : `From ${formatDate(filter.from)}`}${transactions !== undefined && transactions.pending.length > 0 ? ` · ${transactions.pending.length} pending` : ""}${transactions !== undefined && transactions.pendingWithoutDetails > 0 ? ` · ${transactions.pendingWithoutDetails} more pending at the bank, without details` : ""}`}
        actions={
          <div className="flex flex-wrap gap-2 text-xs">
            <QuickRanges ranges={ranges} />
          </div>
        }
      >
        <div className="mb-6">
          <TransactionsFilterForm
            action={path}
            label="Filter card transactions"
            today={today}
            from={{ value: view.from.given, messages: view.from.messages }}
          />
        </div>
        {problems.length > 0 && (
          <div role="alert" className="mb-6">
            <EmptyState title="The filter in this address cannot be used">
              {problems.find((problem) => problem.field === "page")?.message ?? "Correct the date marked above, or choose a range."}
            </EmptyState>
          </div>
        )}
        {refused.length > 0 && (
          <div role="alert" className="mb-6">
            <EmptyState title="The bank refused this period">Correct the date marked above, or choose a range.</EmptyState>
          </div>
        )}
        {transactions !== undefined && transactions.pending.length > 0 && (
          <div className="mb-6">
            <CardTransactionTable status="pending" transactions={transactions.pending} />
          </div>
        )}
        {transactions === undefined ? null : transactions.booked.length === 0 ? (
          <EmptyState
            title={transactions.pending.length > 0 ? "No booked card transactions in this period" : "No card transactions in this period"}
          />
        ) : (
          <CardTransactionTable status="booked" transactions={transactions.booked} />
        )}
        {transactions !== undefined && (
          <TransactionPaging
            label="Pages of card transactions"
            pages={transactions.pages}
            current={filter}
            hrefOf={(page, n) => transactionsHref(path, { from: filter.from, page, n })}
          />
        )}
      </Panel>
    </div>
  );
}
