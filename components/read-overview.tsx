import { Link } from "@/components/ui/link";
import type { OverviewAccount, RefreshOverview } from "@/lib/tpp/refresh/load-overview";
import { BalanceSummary } from "./balance-summary";
import { formatDate, formatDateTime, formatWeekdayDateTime, formatWeekdayTime } from "./format";
import { Amount } from "./ui/amount";
import { Badge } from "./ui/badge";
import { Panel } from "./ui/panel";

function hrefOf(account: { kind: OverviewAccount["kind"]; resourceId: string }): string {
  return `/${account.kind === "account" ? "accounts" : "cards"}/${encodeURIComponent(account.resourceId)}`;
}

function ReadAt({ account }: { account: OverviewAccount }) {
  if (account.balancesReadAt === undefined) return <>Not read yet</>;
  return (
    <>
      Read {formatWeekdayDateTime(account.balancesReadAt)} {account.balancesReadWithPsu === true ? "with you" : "without you"}
    </>
  );
}

function CallsLeft({ account }: { account: OverviewAccount }) {
  const { balances, transactions } = account.callsLeft;
  const next = [balances.nextFreeAt, transactions.nextFreeAt].filter((at): at is Date => at !== undefined).sort((a, b) => +a - +b)[0];
  return (
    <p className="text-xs text-slate-600">
      Reads without you left in 24 hours: balances {balances.left} of 4, transactions {transactions.left} of 4
      {next === undefined ? "" : `; the next frees at ${formatWeekdayTime(next)}`}.
    </p>
  );
}

/** One shared account: its balances as last read, when and whether the PSU was there, what is left today. */
function AccountRead({ account }: { account: OverviewAccount }) {
  return (
    <li className={`rounded-xl border p-4 ${account.unshared === undefined ? "border-slate-200" : "border-slate-200 bg-slate-50"}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link href={hrefOf(account)} className="font-semibold break-words text-brand-700 hover:underline">
            {account.name}
          </Link>
          {account.number !== undefined && <p className="font-mono text-xs break-all text-slate-500">{account.number}</p>}
        </div>
        <div className="flex flex-wrap gap-1">
          {account.kind === "card-account" && <Badge>Card</Badge>}
          {account.unshared !== undefined ? (
            <Badge tone="warning">No longer shared</Badge>
          ) : account.balancesReadWithPsu === false ? (
            <Badge tone="info">Read without you</Badge>
          ) : null}
        </div>
      </div>
      {account.unshared !== undefined && (
        <p className="mt-2 text-sm text-slate-700">
          No longer shared with this app since {formatDateTime(account.unshared.since)}. What it read before is kept here; to share it
          again, choose it at the bank.
        </p>
      )}
      <div className="mt-3">
        <BalanceSummary balances={account.balances} compact />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        <ReadAt account={account} />
        {account.unshared !== undefined && " (before it was unshared)"}
      </p>
      {account.unshared === undefined && <CallsLeft account={account} />}
      {account.blockedUntil !== undefined && (
        <p className="mt-1 text-xs text-red-700">
          The bank refused a read without you (429): no more until {formatWeekdayTime(account.blockedUntil)}.
        </p>
      )}
      {account.lastProblem !== undefined && account.blockedUntil === undefined && account.unshared === undefined && (
        <p className="mt-1 text-xs break-words text-amber-800">Last read without you: {account.lastProblem}.</p>
      )}
    </li>
  );
}

/**
 * What the app read for the user, with or without them: each shared account's balances as last
 * read, when, and the transactions that arrived since the user's last visit. Nothing here asks
 * the bank: it shows whatever the hour of the PSU's SCA.
 */
export function ReadOverview({ overview }: { overview: RefreshOverview }) {
  const shared = overview.accounts.filter((a) => a.unshared === undefined);
  const unshared = overview.accounts.filter((a) => a.unshared !== undefined);
  return (
    <Panel
      id="read-overview"
      title="Your accounts, as last read"
      description="This app reads your balances and transactions a few times a day while you are away, within the bank's 4 reads per account a day."
    >
      {overview.accounts.length === 0 ? (
        <p className="text-sm text-slate-600">
          No account is known yet: open{" "}
          <Link href="/accounts" className="text-brand-700 underline">
            Accounts
          </Link>{" "}
          once with your bank connected, and the app reads them from then on.
        </p>
      ) : (
        <div className="space-y-6">
          <ul aria-label="Shared accounts" className="grid gap-3 md:grid-cols-2">
            {[...shared, ...unshared].map((account) => (
              <AccountRead key={`${account.kind}:${account.resourceId}`} account={account} />
            ))}
          </ul>
          <section aria-labelledby="new-transactions">
            <h3 id="new-transactions" className="text-sm font-semibold text-slate-900">
              New since your last visit
              {overview.previousVisit === null ? "" : ` (${formatDateTime(overview.previousVisit)})`}
            </h3>
            {overview.newTransactionCount > overview.newTransactions.length && (
              <p className="mt-1 text-sm text-slate-600">
                {overview.newTransactionCount} transactions arrived; the {overview.newTransactions.length} latest are listed here, the rest
                on each account&apos;s page.
              </p>
            )}
            {overview.newTransactions.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">Nothing new has been read since then.</p>
            ) : (
              <ul aria-label="New transactions" className="mt-2 divide-y divide-slate-100 text-sm">
                {overview.newTransactions.map((t, index) => (
                  <li key={`${t.resourceId}:${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <span className="min-w-0 break-words">
                      <span className="font-medium text-slate-900">{t.description}</span>
                      <span className="text-slate-500">
                        {" "}
                        · {t.accountName} · {formatDate(t.bookingDate)}
                      </span>
                    </span>
                    <span className="font-medium tabular-nums">
                      <Amount money={t.amount} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Panel>
  );
}
