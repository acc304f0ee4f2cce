import { Link } from "@/components/ui/link";
import type { BasketPageView } from "@/lib/tpp/payments/basket-page-view";

/** The bank's basketId, with links to its calls in the request inspector and to its flow. */
export function BasketReferences({ view }: { view: BasketPageView }) {
  const { basketId } = view.basket;
  return (
    <p className="text-xs text-slate-500">
      basketId <span className="font-mono">{basketId}</span> ·{" "}
      <Link className="text-brand-700 hover:underline" href={`/inspector?text=${encodeURIComponent(basketId)}`}>
        its calls in the request inspector
      </Link>
      {view.flowId !== undefined && (
        <>
          {" · "}
          <Link className="text-brand-700 hover:underline" href={`/flows/${view.flowId}`}>
            see this basket&apos;s flow
          </Link>
        </>
      )}
      {view.recordsDeleted && ` · its calls and flow are kept for ${view.retentionPeriod}, and older ones are no longer there`}
    </p>
  );
}
