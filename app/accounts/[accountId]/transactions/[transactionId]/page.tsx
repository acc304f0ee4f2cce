import type { Metadata } from "next";
import { CannotShowPage } from "@/components/cannot-show-page";
import { formatBban, formatDate, formatIban, formatMaskedPan } from "@/components/format";
import { Amount } from "@/components/ui/amount";
import { BackLink } from "@/components/ui/back-link";
import { Badge } from "@/components/ui/badge";
import { DetailsList } from "@/components/ui/details-list";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import type { AccountIdentification } from "@/lib/tpp/ais/ais-types";
import { getTransactionDetails } from "@/lib/tpp/ais/get-transaction-details";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";

export const metadata: Metadata = { title: "Transaction" };

type Params = Promise<{ accountId: string; transactionId: string }>;

function accountText(account: AccountIdentification | undefined): string | undefined {
  if (account === undefined) return undefined;
  if (account.bban !== undefined) return formatBban(account.bban);
  if (account.iban !== undefined) return formatIban(account.iban);
  if (account.maskedPan !== undefined) return formatMaskedPan(account.maskedPan);
  return undefined;
}

export default async function TransactionPage({ params }: { params: Params }) {
  const { accountId, transactionId } = await params;
  const accountPath = `/accounts/${encodeURIComponent(accountId)}`;
  const returnTo = `${accountPath}/transactions/${encodeURIComponent(transactionId)}`;
  const result = await loadForPage(returnTo, async () =>
    getTransactionDetails(await getAspspContext({ returnTo }), accountId, transactionId),
  );
  const back = { href: accountPath, label: "Account" };
  if (!result.ok) {
    return <CannotShowPage back={back} eyebrow="Transaction" title="This transaction cannot be shown" error={result.error} />;
  }
  const t = result.value;
  const items = [
    { term: "Status", value: t.status === "pending" ? <Badge tone="warning">Pending</Badge> : <Badge tone="success">Booked</Badge> },
    { term: "Booking date", value: formatDate(t.bookingDate) },
    { term: "Value date", value: formatDate(t.valueDate) },
    { term: "Creditor", value: [t.creditorName, accountText(t.creditorAccount)].filter(Boolean).join(" · ") || "–" },
    { term: "Debtor", value: [t.debtorName, accountText(t.debtorAccount)].filter(Boolean).join(" · ") || "–" },
    { term: "Message", value: t.remittanceInformation ?? "–" },
    { term: "KID", value: t.structuredReference ?? "–", mono: true },
    { term: "Type", value: t.bankTransactionCode ?? "–" },
    { term: "Additional information", value: t.additionalInformation ?? "–" },
    ...t.proprietaryInformation.map((value, index) => ({ term: `Bank reference ${index + 1}`, value, mono: true })),
    { term: "Transaction id", value: t.id ?? "–", mono: true },
    { term: "Entry reference", value: t.entryReference ?? "–", mono: true },
    { term: "End-to-end id", value: t.endToEndId ?? "–", mono: true },
  ];
  return (
    <div className="space-y-6">
      <BackLink {...back} />
      <PageHeader eyebrow="Transaction details" title={t.counterpartyName ?? t.remittanceInformation ?? "Transaction"} />
      <Panel
        id="details"
        title={<Amount money={t.amount} signed className="text-2xl font-semibold" />}
        description={t.status === "pending" ? "Not booked yet: details may still change." : undefined}
      >
        <DetailsList label="Transaction details" items={items} />
      </Panel>
    </div>
  );
}
