import type { ReactNode } from "react";

/** A section of a form: a fieldset whose legend is the section's heading. */
export function FormSection({
  title,
  description,
  children,
}: {
  readonly title: string;
  readonly description?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-6 sm:py-5">
      <legend className="float-left w-full text-base font-semibold text-slate-900">{title}</legend>
      {description !== undefined && <div className="clear-both pt-0.5 text-sm text-slate-500">{description}</div>}
      <div className="clear-both space-y-5 pt-4">{children}</div>
    </fieldset>
  );
}
