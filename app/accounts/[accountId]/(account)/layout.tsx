import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { BalanceChart } from "@/components/balance-chart";
import { BalanceSummary } from "@/components/balance-summary";
import { ScaRenewalNotice } from "@/components/sca-renewal-notice";
import { AccountsRecoveryActions, backToAccounts, CannotShowPage } from "@/components/cannot-show-page";
import { formatBban, formatIban } from "@/components/format";
import { BackLink } from "@/components/ui/back-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { loadAccountLayout } from "@/lib/tpp/ais/load-account-layout";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";

type Params = Promise<{ accountId: string }>;

/**
 * An account's view: its header, balances and the chart of 90 days' end-of-day balances, around
 * the page of transactions (the page below). A layout, so that it is read once per view: the
 * transactions' First, Previous, Next and Last links and their filters change the page's query
 * only, which Next renders without this layout, and the 90 days' balance history (its balances
 * and the period's bookings in the bank's largest pages) is not read from the bank again for each
 * page. Nothing is kept on the server between requests.
 */
export default async function AccountLayout({ params, children }: { params: Params; children: ReactNode }) {
  const { accountId } = await params;
  const { returnTo, renewal, result } = await loadAccountLayout(accountId);
  if (!result.ok) {
    return (
      <CannotShowPage
        back={backToAccounts}
        eyebrow="Account"
        title="This account cannot be shown"
        error={result.error}
        actions={<AccountsRecoveryActions />}
      />
    );
  }
  const { account, history } = result.value;
  const title = account.name ?? account.product ?? "Account";

  return (
    <div className="space-y-6">
      <BackLink {...backToAccounts} />
      <ScaRenewalNotice renewal={renewal} renewHref={connectPathFor(returnTo)} />
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
          {history === undefined ? (
            <p className="text-sm text-slate-500">The bank gave no dated balance to draw from.</p>
          ) : (
            <BalanceChart series={history.series} />
          )}
        </Panel>
      </div>

      {children}
    </div>
  );
}
