import { Link } from "@/components/ui/link";
import { AutoRefresh } from "@/components/auto-refresh";
import { formatAccountNumber, formatMoney } from "@/components/format";
import { PAYMENT_STATUS_WORDS, PaymentStatusBadge } from "@/components/payment-status";
import { Panel } from "@/components/ui/panel";
import type { BasketPageView } from "@/lib/tpp/payments/basket-page-view";
import { paymentPagePath } from "@/lib/tpp/payments/submit-payment";

/** Each payment of the basket with its own status, read again while any can still change. */
export function BasketPaymentsPanel({ view }: { view: BasketPageView }) {
  return (
    <Panel id="payments" title="Payments in the basket" description={<AutoRefresh active={view.open} what="Each payment's status" />}>
      <ul className="divide-y divide-slate-100">
        {view.members.map(({ record: payment, hiddenByKnownIssue }) => (
          <li key={payment.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <Link href={paymentPagePath(payment.id)} className="font-semibold text-brand-700 hover:underline">
                {payment.creditorName}
              </Link>
              <p className="text-sm text-slate-500">
                to {formatAccountNumber(payment.creditorAccount)} · {PAYMENT_STATUS_WORDS[payment.status].meaning}
                {payment.fundsAvailable === false ? " Not enough money on the account." : ""}
                {hiddenByKnownIssue
                  ? " (The bank does not show this domestic payment before its approval: the status is its last word.)"
                  : ""}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3 sm:justify-end">
              <span className="font-semibold tabular-nums">{payment.amount === null ? "–" : formatMoney(payment.amount)}</span>
              <PaymentStatusBadge status={payment.status} />
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
