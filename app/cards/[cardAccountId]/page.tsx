import type { Metadata } from "next";
import Link from "next/link";
import { BalanceSummary } from "@/components/balance-summary";
import { AccountsRecoveryActions, backToAccounts, CannotShowPage } from "@/components/cannot-show-page";
import { accountStatusLabel, addDays, formatDate, formatMaskedPan, formatMoney } from "@/components/format";
import { OriginalAmount } from "@/components/original-amount";
import { ScaRenewalNotice } from "@/components/sca-renewal-notice";
import { Amount } from "@/components/ui/amount";
import { BackLink } from "@/components/ui/back-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { DetailsList } from "@/components/ui/details-list";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { getCardAccount } from "@/lib/tpp/ais/get-card-account";
import { getCardAccountBalances } from "@/lib/tpp/ais/get-card-account-balances";
import { getCardAccountTransactions } from "@/lib/tpp/ais/get-card-account-transactions";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { getAppClock } from "@/lib/tpp/clock/get-app-clock";
import { AspspError } from "@/lib/tpp/errors";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { markUnreadable } from "@/lib/tpp/refresh/keep-present-read";
import { loadScaRenewal } from "@/lib/tpp/refresh/load-overview";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { readCardTransactionsFilter } from "./read-card-filter";

export const metadata: Metadata = { title: "Card account" };

type Params = Promise<{ cardAccountId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const fieldClass =
  "mt-1 block w-full rounded-lg border px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none";

/** The bank's refusal of the `from` date (a 400 whose tppMessage path is dateFrom): shown on the field, the card stays. */
function refusedFrom(error: unknown): string[] | undefined {
  if (!(error instanceof AspspError) || error.status !== 400) return undefined;
  const messages = error.tppMessages.filter((message) => message.path === "dateFrom").map((message) => message.text ?? message.code);
  return messages.length > 0 ? messages : undefined;
}

/**
 * A card account: its balances, credit limit and card transactions. A `from` date of the address
 * that cannot be used (or that the bank refuses) is named on the From field, the card still shown.
 */
export default async function CardAccountPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { cardAccountId } = await params;
  const { filter: query, problems } = readCardTransactionsFilter(await searchParams);
  const path = `/cards/${encodeURIComponent(cardAccountId)}`;
  const hrefOf = (q: { from?: string; page?: string; n?: number }) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(q)) if (value !== undefined) search.set(key, String(value));
    return search.size === 0 ? path : `${path}?${search.toString()}`;
  };
  const returnTo = hrefOf(query);
  // The bank's today (its sandbox clock in the sandbox): the quick ranges. Read while the bank is asked for the card.
  const clock = getAppClock();
  const renewal = await loadScaRenewal((await requireCurrentUser(returnTo)).id);
  const result = await loadForPage(returnTo, async () => {
    const ctx = await getAspspContext({ returnTo });
    // Sent at once; a filter of the address that cannot be used is not sent.
    const listing =
      problems.length > 0
        ? undefined
        : getCardAccountTransactions(
            ctx,
            cardAccountId,
            query.page === undefined ? { bookingStatus: "both", dateFrom: query.from } : { bookingStatus: "both", page: query.page },
          ).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          );
    const [card, balances, listed] = await Promise.all([
      getCardAccount(ctx, cardAccountId),
      getCardAccountBalances(ctx, cardAccountId),
      listing,
    ]).catch(async (error: unknown) => {
      // A card account the bank no longer gives this app is marked no longer shared (the overview says so).
      await markUnreadable(ctx.caller, { kind: "card-account", resourceId: cardAccountId }, error);
      throw error;
    });
    if (listed?.ok === false) {
      const refused = refusedFrom(listed.error);
      if (refused === undefined) throw listed.error;
      return { card, balances, transactions: undefined, refused };
    }
    return { card, balances, transactions: listed?.value, refused: [] };
  });
  if (!result.ok) {
    return (
      <CannotShowPage
        back={backToAccounts}
        eyebrow="Card account"
        title="This card account cannot be shown"
        error={result.error}
        actions={<AccountsRecoveryActions />}
      />
    );
  }
  const today = (await clock).today();
  const { card, balances, transactions, refused } = result.value;
  const n = query.n ?? (query.page === undefined ? 1 : undefined);
  const fromMessages = [...problems.filter((problem) => problem.field === "from").map((problem) => problem.message), ...refused];
  // The form shows the date as given, so that the one named can be corrected.
  const givenFrom = problems.find((problem) => problem.field === "from")?.value ?? query.from;
  const ranges = [
    { label: "90 days", from: addDays(today, -89) },
    { label: "12 months", from: addDays(today, -364) },
  ];
  return (
    <div className="space-y-6">
      <BackLink {...backToAccounts} />
      <ScaRenewalNotice renewal={renewal} renewHref={connectPathFor(returnTo)} />
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
        description={`${query.from === undefined ? "The bank's default period" : `From ${formatDate(query.from)}`}${transactions !== undefined && transactions.pending.length > 0 ? ` · ${transactions.pending.length} pending` : ""}${transactions !== undefined && transactions.pendingWithoutDetails > 0 ? ` · ${transactions.pendingWithoutDetails} more pending at the bank, without details` : ""}`}
        actions={
          <div className="flex flex-wrap gap-2 text-xs">
            {ranges.map((range) => (
              <Link
                key={range.label}
                href={hrefOf({ from: range.from })}
                className="rounded-full border border-slate-200 px-2.5 py-1 font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
              >
                {range.label}
              </Link>
            ))}
          </div>
        }
      >
        <form method="get" action={path} className="mb-6 flex flex-wrap items-start gap-3" aria-label="Filter card transactions">
          <div className="min-w-48">
            <label htmlFor="from" className="block text-xs font-medium text-slate-600">
              From
            </label>
            <input
              // A new field for each address: a default value is read once, and a range chosen by a link keeps the page mounted.
              key={givenFrom ?? ""}
              id="from"
              name="from"
              type="date"
              defaultValue={givenFrom}
              max={today}
              className={`${fieldClass} ${fromMessages.length > 0 ? "border-red-500" : "border-slate-300"}`}
              {...(fromMessages.length > 0 ? { "aria-invalid": true, "aria-describedby": "from-error" } : {})}
            />
            {fromMessages.length > 0 && (
              <p id="from-error" className="mt-1 text-xs text-red-700">
                {fromMessages.join(" ")}
              </p>
            )}
          </div>
          <button type="submit" className={`${buttonStyles.primary} sm:mt-5`}>
            Show
          </button>
        </form>
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
          <table className="mb-6 w-full table-fixed text-left text-sm">
            <caption className="sr-only">Pending card transactions, not booked yet, with the amount as the merchant charged it</caption>
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="w-24 py-2 pr-3 font-medium sm:w-32">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Merchant
                </th>
                <th scope="col" className="hidden w-36 py-2 pr-3 text-right font-medium sm:table-cell">
                  Original amount
                </th>
                <th scope="col" className="w-32 py-2 text-right font-medium sm:w-36">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {transactions.pending.map((t, index) => {
                const foreign = t.originalAmount !== undefined && t.originalAmount.currency !== t.amount.currency;
                return (
                  <tr key={t.id ?? `pending-${index}`}>
                    <td className="py-3 pr-3 align-top whitespace-nowrap text-slate-600">
                      {t.transactionDate === undefined ? "–" : formatDate(t.transactionDate)}
                    </td>
                    <td className="py-3 pr-3 align-top">
                      <span className="block font-medium break-words text-slate-900 sm:truncate">{t.details ?? "Card purchase"}</span>
                      <span className="block text-xs text-slate-500">
                        Pending, not booked yet{t.merchantCategoryCode === undefined ? "" : ` · MCC ${t.merchantCategoryCode}`}
                        {foreign && t.originalAmount !== undefined && <span className="sm:hidden"> · {formatMoney(t.originalAmount)}</span>}
                      </span>
                    </td>
                    <td className="hidden py-3 pr-3 text-right align-top sm:table-cell">
                      <OriginalAmount original={t.originalAmount} amount={t.amount} />
                    </td>
                    <td className="py-3 text-right align-top font-medium">
                      <Amount money={t.amount} signed />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {transactions === undefined ? null : transactions.booked.length === 0 ? (
          <EmptyState
            title={transactions.pending.length > 0 ? "No booked card transactions in this period" : "No card transactions in this period"}
          />
        ) : (
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Booked card transactions, with the amount as the merchant charged it</caption>
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="w-24 py-2 pr-3 font-medium sm:w-32">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Merchant
                </th>
                <th scope="col" className="hidden w-36 py-2 pr-3 text-right font-medium sm:table-cell">
                  Original amount
                </th>
                <th scope="col" className="w-32 py-2 text-right font-medium sm:w-36">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {transactions.booked.map((t) => {
                const foreign = t.originalAmount.currency !== t.amount.currency;
                return (
                  <tr key={t.id}>
                    <td className="py-3 pr-3 align-top whitespace-nowrap text-slate-600">{formatDate(t.transactionDate)}</td>
                    <td className="py-3 pr-3 align-top">
                      <span className="block font-medium break-words text-slate-900 sm:truncate">{t.details ?? "Card purchase"}</span>
                      <span className="block text-xs text-slate-500">
                        Booked {formatDate(t.bookingDate)} · MCC {t.merchantCategoryCode}
                        {foreign && <span className="sm:hidden"> · {formatMoney(t.originalAmount)}</span>}
                      </span>
                    </td>
                    <td className="hidden py-3 pr-3 text-right align-top sm:table-cell">
                      <OriginalAmount original={t.originalAmount} amount={t.amount} />
                    </td>
                    <td className="py-3 text-right align-top font-medium">
                      <Amount money={t.amount} signed />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {transactions !== undefined && (
          <nav
            aria-label="Pages of card transactions"
            className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4"
          >
            {transactions.pages.previous === undefined ? (
              <span />
            ) : (
              <Link
                href={hrefOf({ from: query.from, page: transactions.pages.previous, n: n === undefined || n <= 1 ? undefined : n - 1 })}
                className={buttonStyles.secondary}
              >
                Previous
              </Link>
            )}
            <span className="text-sm text-slate-600">{n === undefined ? "" : `Page ${n}`}</span>
            {transactions.pages.next === undefined ? (
              <span />
            ) : (
              <Link
                href={hrefOf({ from: query.from, page: transactions.pages.next, n: n === undefined ? undefined : n + 1 })}
                className={buttonStyles.secondary}
              >
                Next
              </Link>
            )}
          </nav>
        )}
      </Panel>
    </div>
  );
}
