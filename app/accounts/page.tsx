import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { cardBalance, describeAccountLink, describeCardAccountLink } from "@/components/account-link-names";
import { BalanceSummary } from "@/components/balance-summary";
import { ScaRenewalNotice } from "@/components/sca-renewal-notice";
import { ErrorPanel } from "@/components/error-panel";
import { accountStatusLabel, formatBban, formatIban, formatMaskedPan, formatMoney } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { loadAccountsOverview } from "@/lib/tpp/ais/load-account-pages";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { keepPresentListing } from "@/lib/tpp/refresh/keep-present-read";
import { loadScaRenewal } from "@/lib/tpp/refresh/load-overview";

export const metadata: Metadata = { title: "Accounts" };

const RETURN_TO = "/accounts";

export default async function AccountsPage() {
  const user = await requireCurrentUser(RETURN_TO);
  const chooseAccounts = (
    <a href={connectPathFor(RETURN_TO)} className={buttonStyles.primary}>
      Choose accounts
    </a>
  );
  const newPayment = (
    <Link href="/payments/new" className={buttonStyles.secondary}>
      New payment
    </Link>
  );
  const header = (
    <PageHeader
      eyebrow="Account information"
      title="Accounts"
      description="The accounts and cards you share with this app. To share more, or to stop sharing one, choose accounts again at the bank: untick an account there and this app loses access to it."
      actions={
        user.psuId === undefined ? (
          newPayment
        ) : (
          <>
            {chooseAccounts}
            {newPayment}
          </>
        )
      }
    />
  );
  if (user.psuId === undefined) {
    return (
      <div className="space-y-8">
        {header}
        <EmptyState
          title="No bank connected yet"
          action={
            <a href={connectPathFor(RETURN_TO)} className={buttonStyles.primary}>
              Connect your bank
            </a>
          }
        >
          You log in at the bank and choose which accounts this app may read.
        </EmptyState>
      </div>
    );
  }
  const renewal = await loadScaRenewal(user.id);
  const notice = <ScaRenewalNotice renewal={renewal} renewHref={connectPathFor(RETURN_TO)} />;
  const result = await loadForPage(RETURN_TO, async () => {
    const ctx = await getAspspContext({ returnTo: RETURN_TO });
    const overview = await loadAccountsOverview(ctx);
    await keepPresentListing(ctx.caller, overview);
    return overview;
  });
  if (!result.ok) {
    return (
      <div className="space-y-8">
        {header}
        {notice}
        <ErrorPanel error={result.error} actions={chooseAccounts} />
      </div>
    );
  }
  const { accounts, cards } = result.value;
  return (
    <div className="space-y-10">
      {header}
      {notice}
      <section aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="text-lg font-semibold text-slate-900">
          Bank accounts <span className="text-sm font-normal text-slate-500">({accounts.length})</span>
        </h2>
        {accounts.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="No accounts shared" action={chooseAccounts}>
              Choose at the bank which accounts this app may read.
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {accounts.map((account) => (
              <li key={account.id}>
                <Link
                  href={`/accounts/${encodeURIComponent(account.id)}`}
                  aria-label={describeAccountLink(account)}
                  className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-6"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate text-base font-semibold text-slate-900">{account.name ?? account.product ?? "Account"}</p>
                      <p className="mt-0.5 font-mono text-sm text-slate-500">{formatBban(account.bban)}</p>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      {account.usage === "ORGA" && <Badge tone="info">Business</Badge>}
                      {account.status !== undefined && account.status !== "enabled" && (
                        <Badge tone="warning">{accountStatusLabel(account.status)}</Badge>
                      )}
                      <Badge>{account.currency}</Badge>
                    </div>
                  </div>
                  <div className="mt-5">
                    <BalanceSummary balances={account.balances ?? []} compact />
                  </div>
                  <p className="mt-4 truncate text-xs text-slate-500">
                    {account.product ?? ""} {account.iban === undefined ? "" : `· ${formatIban(account.iban)}`}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cards-title">
        <h2 id="cards-title" className="text-lg font-semibold text-slate-900">
          Card accounts <span className="text-sm font-normal text-slate-500">({cards.length})</span>
        </h2>
        {cards.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No card accounts are shared with this app.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {cards.map((card) => (
              <li key={card.id}>
                <Link
                  href={`/cards/${encodeURIComponent(card.id)}`}
                  aria-label={describeCardAccountLink(card)}
                  className="block h-full overflow-hidden rounded-2xl bg-gradient-to-br from-slate-800 to-slate-950 p-5 text-white shadow-sm transition hover:shadow-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 sm:p-6"
                >
                  <div className="flex items-start justify-between gap-3">
                    <p className="text-base font-semibold">{card.name ?? card.product ?? "Card"}</p>
                    <span aria-hidden="true" className="h-7 w-10 rounded-md bg-gradient-to-br from-amber-200 to-amber-400" />
                  </div>
                  <p className="mt-6 font-mono text-lg tracking-widest">{formatMaskedPan(card.maskedPan)}</p>
                  <div className="mt-4 flex flex-wrap items-end justify-between gap-3 text-sm">
                    <div>
                      <p className="text-xs text-slate-500">{cardBalance(card).label}</p>
                      <p className="font-semibold tabular-nums">{cardBalance(card).text}</p>
                    </div>
                    {card.creditLimit !== undefined && (
                      <div className="text-right">
                        <p className="text-xs text-slate-500">Credit limit</p>
                        <p className="tabular-nums">{formatMoney(card.creditLimit)}</p>
                      </div>
                    )}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
