import type { ReactNode } from "react";

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children !== undefined && <div className="mx-auto mt-1 max-w-md text-sm leading-6 text-slate-600">{children}</div>}
      {action !== undefined && <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
