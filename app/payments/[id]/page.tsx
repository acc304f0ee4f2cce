import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatDateTime, formatMoney } from "@/components/format";
import { PAYMENT_STATUS_WORDS, PaymentStatusBadge } from "@/components/payment-status";
import { PaymentAtBankPanel } from "@/components/payments/detail/payment-at-bank-panel";
import { PaymentDetailsPanel } from "@/components/payments/detail/payment-details-panel";
import { PaymentNotices } from "@/components/payments/detail/payment-notices";
import { PaymentStatusPanel } from "@/components/payments/detail/payment-status-panel";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { loadPaymentPage } from "@/lib/tpp/payments/load-payment-page";
import { approvePaymentAction, cancelPaymentAction } from "./actions";

export const metadata: Metadata = { title: "Payment" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PaymentPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const query = await searchParams;
  const view = await loadPaymentPage(id, query);
  if (view === undefined) notFound();
  const { record } = view;
  const title = `${record.amount === null ? `${record.transferCount} transfers` : formatMoney(record.amount)} to ${record.transferCount > 1 ? `${record.transferCount} recipients` : record.creditorName}`;

  return (
    <div className="space-y-6">
      <BackLink href="/payments" label="Payments" />
      <PageHeader
        eyebrow={`${view.productTitle} · ${view.kindTitle}`}
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PaymentStatusBadge status={record.status} />
            <span>
              {PAYMENT_STATUS_WORDS[record.status].meaning} Read from the bank at {formatDateTime(record.statusReadAt)}.
            </span>
          </span>
        }
      />
      <PaymentNotices view={view} />
      <div className="grid gap-6 lg:grid-cols-5">
        <PaymentStatusPanel
          view={view}
          approve={approvePaymentAction.bind(null, record.id)}
          cancel={cancelPaymentAction.bind(null, record.id)}
        />
        <PaymentDetailsPanel view={view} />
      </div>
      <PaymentAtBankPanel view={view} />
    </div>
  );
}
