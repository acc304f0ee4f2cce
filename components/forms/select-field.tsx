"use client";

import { getSelectProps, useField } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./field-errors";
import { FieldHint } from "./field-hint";
import { inputClass } from "./input-class";

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface OptionGroup {
  readonly label: string;
  readonly options: readonly SelectOption[];
}

export interface SelectFieldProps {
  readonly name: string;
  readonly label: ReactNode;
  /** Shown to screen readers only (a currency beside its amount is labelled, not captioned). */
  readonly labelHidden?: boolean;
  readonly hint?: ReactNode;
  readonly options?: readonly SelectOption[];
  readonly groups?: readonly OptionGroup[];
  /** A first, empty choice ("None"). */
  readonly empty?: string;
  readonly className?: string;
  readonly selectClassName?: string;
  /** Errors shown elsewhere (a currency beside its amount shares the amount's). */
  readonly quiet?: boolean;
}

/** A labelled select, with option groups; its hint and errors described, aria-invalid while it is wrong. */
export function SelectField({
  name,
  label,
  labelHidden = false,
  hint,
  options = [],
  groups = [],
  empty,
  className = "",
  selectClassName,
  quiet = false,
}: SelectFieldProps) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={meta.id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <select
        key={key}
        {...props}
        className={selectClassName === undefined ? inputClass(invalid) : `${inputClass(invalid)} ${selectClassName}`}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {hint !== undefined && <FieldHint id={meta.descriptionId}>{hint}</FieldHint>}
      {!quiet && <FieldErrors id={meta.errorId} errors={meta.errors} />}
    </div>
  );
}
