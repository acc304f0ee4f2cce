"use client";

import { getInputProps, useField } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./field-errors";
import { FieldHint } from "./field-hint";
import { inputClass } from "./input-class";

export interface TextFieldProps {
  /** The field's name in the Conform form around it (a wire JSON path such as "creditorAccount.bban"). */
  readonly name: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly type?: "text" | "date" | "datetime-local";
  readonly inputMode?: "text" | "numeric" | "decimal";
  readonly autoComplete?: string;
  readonly placeholder?: string;
  readonly min?: string;
  readonly max?: string;
  readonly mono?: boolean;
  readonly className?: string;
  /** Extra content after the input, on the same line (a currency select beside an amount). */
  readonly after?: ReactNode;
}

/** A labelled text, date or date-time input; its hint and errors described, aria-invalid while it is wrong. */
export function TextField({
  name,
  label,
  hint,
  type = "text",
  inputMode,
  autoComplete,
  placeholder,
  min,
  max,
  mono = false,
  className = "",
  after,
}: TextFieldProps) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  const input = (
    <input
      key={key}
      {...props}
      inputMode={inputMode}
      autoComplete={autoComplete ?? "off"}
      placeholder={placeholder}
      min={min}
      max={max}
      className={`${inputClass(invalid)} ${mono ? "font-mono" : ""}`}
    />
  );
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {after === undefined ? (
        input
      ) : (
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">{input}</div>
          {after}
        </div>
      )}
      {hint !== undefined && <FieldHint id={meta.descriptionId}>{hint}</FieldHint>}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
