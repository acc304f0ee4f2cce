import { ErrorPanel } from "@/components/error-panel";
import { formatAccountNumber } from "@/components/format";
import { ApprovalNotices } from "../approval-notices";
import type { PaymentPageView } from "@/lib/tpp/payments/load-payment-page";

/** What the payment page says above its panels: the step just taken, a rejection for want of money, what the bank does not show. */
export function PaymentNotices({ view }: { view: PaymentPageView }) {
  const { record, notices } = view;
  return (
    <>
      {notices.cancelled && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          The bank cancelled the payment. No money will move.
        </p>
      )}
      <ApprovalNotices
        scaFailure={notices.scaFailure}
        consequence="A payment whose approval failed is rejected by the bank: no money moves. Make a new payment to try again."
        notStarted={
          notices.approvalNotStarted ? (
            <>
              The bank took the payment but did not start its approval. Try &ldquo;Approve at the bank&rdquo; below; the request inspector
              shows the bank&apos;s reply.
            </>
          ) : undefined
        }
      />
      {record.status === "RJCT" && record.fundsAvailable === false && (
        <section role="alert" aria-labelledby="no-funds" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-900">
          <h2 id="no-funds" className="text-base font-semibold">
            Rejected: not enough money on the account
          </h2>
          <p className="mt-1">
            When the bank came to pay it, the account {formatAccountNumber(record.debtorAccount)} did not have enough money available (the
            bank reported fundsAvailable: false). Nothing was paid. Put money on the account, or pay a smaller amount, and make the payment
            again.
          </p>
        </section>
      )}
      {view.hiddenByKnownIssue && (
        <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          The bank does not show a Norwegian domestic payment&apos;s status or details until it has been approved (a known issue of its
          interface: it answers 404). The status here is the last one the bank told this app
          {record.status === "RJCT" ? ", from its report that the approval failed" : ", in its reply to the payment"}, and the details are
          the payment as it was sent.
        </p>
      )}
      {view.bankError !== undefined && <ErrorPanel error={view.bankError} />}
    </>
  );
}
