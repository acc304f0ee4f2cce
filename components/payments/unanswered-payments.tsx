import Link from "next/link";
import { formatAccountNumber, formatDateTime, formatMoney } from "@/components/format";
import { buttonStyles } from "@/components/ui/button-styles";
import type { BankIntent } from "@/lib/tpp/payments/bank-intents";

/** A payment sent to the bank whose answer was not received, as the list shows it. */
export interface UnansweredPaymentRow {
  readonly id: string;
  readonly recipient: string;
  readonly amount: string;
  readonly from: string;
  readonly sentAt: string;
  readonly requestId: string;
  /** Whether the app still waits for its answer (the request is under way or not yet settled). */
  readonly waiting: boolean;
}

/** The list's row of a payment intent whose outcome at the bank is not known. */
export function toUnansweredRow(intent: Extract<BankIntent, { kind: "payment" }>): UnansweredPaymentRow {
  const { keep } = intent;
  return {
    id: intent.id,
    recipient: (keep.transferCount ?? 1) > 1 ? `${keep.transferCount} recipients` : keep.creditorName,
    amount: keep.amount === null ? "Several currencies" : formatMoney(keep.amount),
    from: formatAccountNumber(keep.debtorAccount),
    sentAt: formatDateTime(intent.sentAt),
    requestId: intent.requestId,
    waiting: intent.state === "open",
  };
}

/**
 * Payments the app sent whose answer was not received: the bank may hold them. Each says when it
 * was sent and what to check; the PSU sets one aside once checked.
 */
export function UnansweredPayments({
  rows,
  dismiss,
}: {
  rows: readonly UnansweredPaymentRow[];
  dismiss: (formData: FormData) => Promise<void>;
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="unanswered-title" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h2 id="unanswered-title" className="text-lg font-semibold text-amber-950">
        Sent, answer not received
      </h2>
      <p className="text-sm leading-6 text-amber-950">
        The app sent these payments to the bank, but no answer it could use came back (the bank was too slow, the connection broke, or the
        app stopped while waiting), so the bank may have them. Look at the account&apos;s transactions and payments at the bank before you
        send one again; for 10 minutes after sending, the app asks you to confirm an identical payment. The X-Request-ID finds the call in
        the request inspector.
      </p>
      <ul className="divide-y divide-amber-200 overflow-hidden rounded-xl border border-amber-200 bg-white">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {row.recipient} · {row.amount}
              </p>
              <p className="text-sm text-slate-700">
                From {row.from} · sent {row.sentAt}
                {row.waiting ? " · still waiting for the bank's answer" : ""}
              </p>
              <p className="text-xs break-all text-slate-600">
                X-Request-ID{" "}
                <Link className="font-mono text-brand-700 underline" href={`/inspector?text=${encodeURIComponent(row.requestId)}`}>
                  {row.requestId}
                </Link>
              </p>
            </div>
            {!row.waiting && (
              <form action={dismiss}>
                <input type="hidden" name="intent" value={row.id} />
                <button type="submit" className={buttonStyles.secondary}>
                  I checked: remove
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
