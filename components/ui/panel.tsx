import type { ReactNode } from "react";

/** A white section with a heading; `id` names it for aria-labelledby. */
export function Panel({
  id,
  title,
  description,
  actions,
  children,
  className = "",
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <div className="flex flex-col gap-2 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description !== undefined && <div className="mt-0.5 text-sm text-slate-500">{description}</div>}
        </div>
        {actions !== undefined && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="px-5 py-4 sm:px-6">{children}</div>
    </section>
  );
}
