import { Link } from "@/components/ui/link";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import type { PaymentPageView } from "@/lib/tpp/payments/load-payment-page";
import type { PaymentRecord } from "@/lib/tpp/payments/payments-repository";

const PAYER_NAMED_BY: Readonly<Record<PaymentRecord["payerKind"], string>> = {
  "psu-id": "PSU-ID",
  "national-id": "X-PSU-IDENTITY (national identity number, not kept)",
  "single-sca": "PSU-Context (one SCA identifies and approves)",
};

/** What the app sent and holds for the payment: its ids, the path, how the payer was named, the request body, its calls and flow. */
export function PaymentAtBankPanel({ view }: { view: PaymentPageView }) {
  const { record } = view;
  return (
    <Panel id="at-the-bank" title="At the bank" description="What the app sent and holds for this payment.">
      <DetailsList
        label="At the bank"
        items={[
          { term: "paymentId", value: record.paymentId, mono: true },
          { term: "Path", value: `/v1/${record.service}/${record.product}/${record.paymentId}`, mono: true },
          { term: "Payer named by", value: PAYER_NAMED_BY[record.payerKind] },
          {
            term: "Context",
            value:
              record.psuContext === "CORPORATE"
                ? `Corporate${record.psuCorporateId === null ? "" : ` (PSU-Corporate-ID ${record.psuCorporateId})`}`
                : "Private",
          },
        ]}
      />
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Request body as sent</summary>
        <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">{view.requestBody}</pre>
      </details>
      <p className="mt-3 text-sm">
        <Link className="font-medium text-brand-700 hover:underline" href={`/inspector?text=${encodeURIComponent(record.paymentId)}`}>
          This payment&apos;s calls in the request inspector
        </Link>
        {view.flowId !== undefined && (
          <>
            <span aria-hidden="true" className="text-slate-400">
              {" · "}
            </span>
            <Link className="font-medium text-brand-700 hover:underline" href={`/flows/${view.flowId}`}>
              See this payment&apos;s flow
            </Link>
          </>
        )}
      </p>
      {view.recordsDeleted && (
        <p className="mt-1 text-sm text-slate-600">
          Calls to the bank and flow diagrams are kept for {view.retentionPeriod}: this payment&apos;s older ones are no longer there. Its
          status history above is kept.
        </p>
      )}
    </Panel>
  );
}
