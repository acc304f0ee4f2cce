import type { ReactNode } from "react";

/** A field's hint, named by its descriptionId for aria-describedby. */
export function FieldHint({ id, children }: { readonly id: string; readonly children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs leading-5 text-slate-500">
      {children}
    </p>
  );
}
