import type { Metadata } from "next";
import { ErrorPanel } from "@/components/error-panel";
import { PaymentForm } from "@/components/payments/payment-form";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { COUNTRY_CODES } from "@/lib/psd2/validation";
import { listAccounts } from "@/lib/tpp/ais/list-accounts";
import { listCardAccounts } from "@/lib/tpp/ais/list-card-accounts";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getAppClock } from "@/lib/tpp/clock/get-app-clock";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import type { PayingAccount, PayingCard } from "@/lib/tpp/payment-form";
import { findPaymentPreset } from "@/lib/tpp/payment-form/payment-presets";
import { getPsuSessionStatus } from "@/lib/tpp/session/get-psu-session-status";
import { submitPaymentForm } from "./actions";
import { isPayable, toPayingAccount, toPayingCard } from "./paying-accounts";

export const metadata: Metadata = { title: "New payment" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The countries of an address, by their English names (made here, so that the browser renders the same text). */
function countryOptions(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames("en", { type: "region" });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, "en"));
}

export default async function NewPaymentPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const from = typeof query.from === "string" && query.from !== "" ? query.from : undefined;
  const preset = findPaymentPreset(typeof query.preset === "string" ? query.preset : undefined);
  const returnQuery = new URLSearchParams({
    ...(from === undefined ? {} : { from }),
    ...(preset === undefined || typeof query.preset !== "string" ? {} : { preset: query.preset }),
  }).toString();
  const returnTo = returnQuery === "" ? "/payments/new" : `/payments/new?${returnQuery}`;
  const user = await requireCurrentUser(returnTo);
  const [clock, session] = await Promise.all([getAppClock(), getPsuSessionStatus(user.id)]);
  const hasPsuId = user.psuId !== undefined;
  const corporate = session?.context === "CORPORATE";

  const header = (
    <PageHeader
      eyebrow="Payment initiation"
      title="New payment"
      description={
        hasPsuId
          ? `Fill in the payment; you approve it at the bank.${corporate ? " You act for a company." : ""}`
          : "You have not connected your bank: write the account you pay from, and one login at the bank identifies you and approves the payment."
      }
      actions={
        hasPsuId ? undefined : (
          <a href={connectPathFor(returnTo)} className={buttonStyles.secondary}>
            Connect your bank first
          </a>
        )
      }
    />
  );

  let accounts: PayingAccount[] = [];
  let cards: PayingCard[] = [];
  if (hasPsuId) {
    const result = await loadForPage(returnTo, async () => {
      const ctx = await getAspspContext({ returnTo });
      const [bankAccounts, cardAccounts] = await Promise.all([listAccounts(ctx), listCardAccounts(ctx)]);
      return { bankAccounts, cardAccounts };
    });
    if (!result.ok) {
      return (
        <div className="space-y-8">
          {header}
          <ErrorPanel error={result.error} />
        </div>
      );
    }
    accounts = result.value.bankAccounts.filter(isPayable).map(toPayingAccount);
    cards = result.value.cardAccounts.filter(isPayable).map(toPayingCard);
  }
  // ?from=<accountId>: "Pay from this account" links preselect the debtor.
  const defaultDebtor =
    from === undefined
      ? undefined
      : accounts.some((a) => a.id === from)
        ? `account:${from}`
        : cards.some((c) => c.id === from)
          ? `card:${from}`
          : undefined;

  return (
    <div className="space-y-8">
      {header}
      {preset !== undefined && (
        <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          <span className="font-semibold">{preset.title}. </span>
          {preset.description} Check it, choose the account to pay from, and continue.
        </p>
      )}
      <PaymentForm
        action={submitPaymentForm}
        today={clock.today()}
        accounts={accounts}
        cards={cards}
        corporate={corporate}
        hasPsuId={hasPsuId}
        feeUrl="/payments/fee"
        countries={countryOptions()}
        defaultDebtor={defaultDebtor}
        presetValues={preset?.values}
      />
    </div>
  );
}
