import { Link } from "@/components/ui/link";
import { formatAccountNumber, formatDateTime, formatMoney } from "@/components/format";
import { buttonStyles } from "@/components/ui/button-styles";
import type { UnansweredIntent } from "@/lib/tpp/payments/list-unanswered";
import type { PaymentRecord } from "@/lib/tpp/payments/payments-repository";

/** A payment or signing basket sent to the bank whose answer was not received, as the list shows it. */
export interface UnansweredPaymentRow {
  readonly id: string;
  readonly kind: "payment" | "basket";
  /** What was sent: the recipient and amount, or the signing basket and how many payments. */
  readonly what: string;
  /** A payment's account; a basket's payments. */
  readonly detail: string;
  readonly sentAt: string;
  readonly requestId: string;
  /** Whether the app still waits for its answer (the request is under way or not yet settled). */
  readonly waiting: boolean;
}

/** How many names a basket's row shows before "and N more". */
const BASKET_NAMES = 3;

function paymentWords(record: PaymentRecord): string {
  const recipient = record.transferCount > 1 ? `${record.transferCount} recipients` : record.creditorName;
  return `${recipient} ${record.amount === null ? "(several currencies)" : formatMoney(record.amount)}`;
}

/** The list's row of an intent whose outcome at the bank is not known. */
export function toUnansweredRow(item: UnansweredIntent): UnansweredPaymentRow {
  const { intent } = item;
  const common = { id: intent.id, sentAt: formatDateTime(intent.sentAt), requestId: intent.requestId, waiting: intent.state === "open" };
  if (item.kind === "basket") {
    const count = item.intent.keep.paymentRecordIds.length;
    const named = item.payments.slice(0, BASKET_NAMES).map(paymentWords);
    const more = item.payments.length - named.length;
    return {
      ...common,
      kind: "basket",
      what: `Signing basket of ${count} ${count === 1 ? "payment" : "payments"}`,
      detail: named.length === 0 ? "Its payments are no longer in the app" : `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`,
    };
  }
  const { keep } = item.intent;
  return {
    ...common,
    kind: "payment",
    what: `${(keep.transferCount ?? 1) > 1 ? `${keep.transferCount} recipients` : keep.creditorName} · ${keep.amount === null ? "Several currencies" : formatMoney(keep.amount)}`,
    detail: `From ${formatAccountNumber(keep.debtorAccount)}`,
  };
}

/**
 * Payments and signing baskets the app sent whose answer was not received: the bank may hold
 * them. Each says when it was sent and what to check; the PSU sets one aside once checked.
 */
export function UnansweredPayments({
  rows,
  dismiss,
}: {
  rows: readonly UnansweredPaymentRow[];
  dismiss: (formData: FormData) => Promise<void>;
}) {
  if (rows.length === 0) return null;
  const baskets = rows.some((row) => row.kind === "basket");
  return (
    <section aria-labelledby="unanswered-title" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h2 id="unanswered-title" className="text-lg font-semibold text-amber-950">
        Sent, answer not received
      </h2>
      <p className="text-sm leading-6 text-amber-950">
        The app sent these {baskets ? "payments and signing baskets" : "payments"} to the bank, but no answer it could use came back (the
        bank was too slow, the connection broke, or the app stopped while waiting), so the bank may have them. Look at the account&apos;s
        transactions and payments at the bank before you send one again; for 10 minutes after sending, the app asks you to confirm an
        identical payment. The X-Request-ID finds the call in the request inspector.
      </p>
      <ul className="divide-y divide-amber-200 overflow-hidden rounded-xl border border-amber-200 bg-white">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0 sm:flex-1">
              <p className="font-medium text-slate-900">{row.what}</p>
              <p className="text-sm text-slate-700">
                {row.detail} · sent {row.sentAt}
                {row.waiting ? " · still waiting for the bank's answer" : ""}
              </p>
              {row.kind === "basket" && (
                <p className="text-sm text-slate-700">
                  Its payments stay in the list below. If the bank made the basket, they are signed through it: open one to read its status
                  at the bank before you sign it again.
                </p>
              )}
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
