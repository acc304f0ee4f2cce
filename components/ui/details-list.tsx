import type { ReactNode } from "react";

/** Label and value pairs, two columns from small screens up. */
export function DetailsList({ items, label }: { items: readonly { term: string; value: ReactNode; mono?: boolean }[]; label?: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {items.map((item) => (
        <div key={item.term} className="contents">
          <dt className="text-sm font-medium text-slate-500">{item.term}</dt>
          <dd className={`-mt-2 text-sm break-words text-slate-900 sm:mt-0 ${item.mono === true ? "font-mono" : ""}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
