import { Link } from "@/components/ui/link";
import { AutoRefresh } from "@/components/auto-refresh";
import { PaymentActions } from "@/components/payment-actions";
import { PaymentTimeline } from "@/components/payment-timeline";
import { Panel } from "@/components/ui/panel";
import type { PaymentActionState } from "@/lib/tpp/payments/payment-action-state";
import type { PaymentPageView } from "@/lib/tpp/payments/load-payment-page";

type Action = (state: PaymentActionState, data: FormData) => Promise<PaymentActionState>;

/** The payment's status: its history, refreshed while it is not settled, and the buttons that still apply. */
export function PaymentStatusPanel({ view, approve, cancel }: { view: PaymentPageView; approve: Action; cancel: Action }) {
  const { record, status } = view;
  return (
    <Panel
      id="status"
      title="Status"
      className="min-w-0 lg:col-span-2"
      description={
        status.settled ? (status.final ? "Final: it will not change." : "The standing order runs on its dates.") : "Not final yet."
      }
    >
      <div className="space-y-5">
        <AutoRefresh active={!status.settled} what="The status" />
        <PaymentTimeline history={view.history} />
        {/* A payment in a basket is approved with the basket; it is cancelled on its own. */}
        {!status.final && <PaymentActions approve={status.approvable ? approve : undefined} cancel={cancel} />}
        {record.signingBasketId !== null && (
          <p className="text-sm text-slate-600">
            This payment is in a{" "}
            <Link href={`/baskets/${encodeURIComponent(record.signingBasketId)}`} className="font-medium text-brand-700 hover:underline">
              signing basket
            </Link>
            : it is approved with the basket, and goes its own way after (it can be cancelled on its own).
          </p>
        )}
        {!status.cancellable && !status.final && (
          <p className="text-xs text-slate-500">The bank does not cancel a payment in this status; it will say so if asked.</p>
        )}
      </div>
    </Panel>
  );
}
