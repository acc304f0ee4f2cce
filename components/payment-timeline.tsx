import type { PaymentStatusReadRecord } from "@/lib/tpp/payments/payments-repository";
import { formatDateTime } from "./format";
import { PAYMENT_STATUS_WORDS, PaymentStatusBadge } from "./payment-status";

const SOURCE_WORDS: Readonly<Record<PaymentStatusReadRecord["source"], string>> = {
  initiation: "the bank's reply to the payment",
  status: "a status read",
  details: "the payment's details",
  callback: "the return from the bank's approval",
  cancel: "the bank's reply to the cancellation",
};

/** Each status the bank told, oldest first, with when the app first (and last) saw it and from where. */
export function PaymentTimeline({ history }: { history: readonly PaymentStatusReadRecord[] }) {
  return (
    <ol aria-label="Status history" className="relative space-y-4 border-l border-slate-200 pl-5">
      {history.map((entry, index) => {
        const latest = index === history.length - 1;
        return (
          <li key={entry.id} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[26px] h-3 w-3 rounded-full ring-4 ring-white ${latest ? "bg-brand-600" : "bg-slate-300"}`}
            />
            <div className="flex flex-wrap items-center gap-2">
              <PaymentStatusBadge status={entry.status} />
              <span className="text-sm text-slate-700">{formatDateTime(entry.firstSeenAt)}</span>
            </div>
            <p className="mt-1 text-sm text-slate-600">{PAYMENT_STATUS_WORDS[entry.status].meaning}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              From {SOURCE_WORDS[entry.source]}
              {entry.fundsAvailable === false ? " · funds available: no" : ""}
              {entry.readCount > 1 ? ` · read ${entry.readCount} times, last at ${formatDateTime(entry.lastSeenAt)}` : ""}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
