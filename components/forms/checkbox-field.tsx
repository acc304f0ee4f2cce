"use client";

import { getInputProps, useField } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./field-errors";
import { FieldHint } from "./field-hint";

/** A single checkbox with its label and hint. */
export function CheckboxField({ name, label, hint }: { readonly name: string; readonly label: ReactNode; readonly hint?: ReactNode }) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  return (
    <div className="flex gap-3">
      <input key={key} {...props} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
      <div className="min-w-0">
        <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint !== undefined && <FieldHint id={meta.descriptionId}>{hint}</FieldHint>}
        <FieldErrors id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  );
}
