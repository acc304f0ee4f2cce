import { ErrorPanel } from "@/components/error-panel";
import { ApprovalNotices } from "@/components/payments/approval-notices";
import type { BasketPageView } from "@/lib/tpp/payments/basket-page-view";

/**
 * What the basket page says above its payments: that a basket is not all-or-nothing, the step
 * just taken, and why the bank could not be read.
 */
export function BasketNotices({ view }: { view: BasketPageView }) {
  const { notices } = view;
  return (
    <>
      <section aria-labelledby="not-atomic" className="rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sm text-sky-950">
        <h2 id="not-atomic" className="text-base font-semibold">
          One approval, each payment on its own
        </h2>
        <p className="mt-1">
          A signing basket is not all-or-nothing. One approval at the bank signs every payment in it, but the bank then carries out each
          payment on its own: one can be rejected (for example for lack of funds) while the others are paid. The basket&apos;s status is the
          worst case of its payments: rejected if any was rejected, partly approved while some wait, approved when all are. Each
          payment&apos;s own status is below.
        </p>
      </section>

      <ApprovalNotices
        scaFailure={notices.scaFailure}
        consequence="Payments whose approval failed are rejected by the bank: no money moves."
        notStarted={
          notices.approvalNotStarted
            ? "The bank made the basket but did not start its approval. Approve it at the bank below, or delete the basket and sign the payments again; the request inspector shows the bank's reply."
            : undefined
        }
      />
      {view.bankError !== undefined && <ErrorPanel error={view.bankError} />}
    </>
  );
}
