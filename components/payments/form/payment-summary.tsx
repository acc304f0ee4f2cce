import type { SummaryItem } from "./summarize-payment";

/** The summary's lines beside the form (summarizePayment). */
export function PaymentSummary({ items }: { items: readonly SummaryItem[] }) {
  return (
    <dl className="mt-3 space-y-2 text-sm">
      {items.map((item) => (
        <div key={item.term} className="flex justify-between gap-3">
          <dt className="shrink-0 text-slate-500">{item.term}</dt>
          {/* After a post without JavaScript, server and browser may format a number with other spaces (Intl). */}
          <dd className="min-w-0 text-right font-medium break-words text-slate-900 tabular-nums" suppressHydrationWarning>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
