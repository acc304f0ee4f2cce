"use client";

import { getInputProps, getSelectProps, useField } from "@conform-to/react";
import type { ReactNode } from "react";

// The payment form's controls: each takes its field's name (a wire JSON path such as
// "creditorAccount.bban") and reads the field from the form around it (Conform's FormProvider),
// with its label bound, its hint and errors described, and aria-invalid set when it is wrong.

const inputBase =
  "mt-1 block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none";

function inputClass(invalid: boolean): string {
  return `${inputBase} ${invalid ? "border-red-400 focus:border-red-500" : "border-slate-300 focus:border-brand-500"}`;
}

/** A field's errors, named by its errorId for aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (errors === undefined || errors.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error} className="flex gap-1.5">
          <span aria-hidden="true" className="font-bold">
            !
          </span>
          <span className="min-w-0 break-words">{error}</span>
        </li>
      ))}
    </ul>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs leading-5 text-slate-500">
      {children}
    </p>
  );
}

export interface TextFieldProps {
  readonly name: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly type?: "text" | "date";
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

/** A labelled text (or date) input. */
export function TextField({ name, label, hint, type = "text", inputMode, autoComplete, placeholder, min, max, mono = false, className = "", after }: TextFieldProps) {
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
      {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectFieldProps {
  readonly name: string;
  readonly label: ReactNode;
  /** Shown to screen readers only (a currency beside its amount is labelled, not captioned). */
  readonly labelHidden?: boolean;
  readonly hint?: ReactNode;
  readonly options?: readonly SelectOption[];
  readonly groups?: readonly { readonly label: string; readonly options: readonly SelectOption[] }[];
  /** A first, empty choice ("None"). */
  readonly empty?: string;
  readonly className?: string;
  readonly selectClassName?: string;
  readonly onChange?: (value: string) => void;
  /** Errors shown elsewhere (a currency beside its amount shares the amount's). */
  readonly quiet?: boolean;
}

/** A labelled select. */
export function SelectField({ name, label, labelHidden = false, hint, options = [], groups = [], empty, className = "", selectClassName = "", onChange, quiet = false }: SelectFieldProps) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={meta.id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <select key={key} {...props} onChange={onChange === undefined ? undefined : (event) => onChange(event.currentTarget.value)} className={`${inputClass(invalid)} ${selectClassName}`}>
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
      {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
      {!quiet && <FieldErrors id={meta.errorId} errors={meta.errors} />}
    </div>
  );
}

export interface ChoiceOption {
  readonly value: string;
  readonly title: string;
  readonly text?: string;
}

/**
 * Radio buttons as cards, in a fieldset whose legend names the choice; the group (role
 * radiogroup) carries the errors. `columns` sets the desktop layout; a phone gets one column.
 */
export function RadioCards({
  name,
  legend,
  legendHidden = false,
  options,
  columns = 3,
  onChange,
  hint,
}: {
  readonly name: string;
  readonly legend: string;
  readonly legendHidden?: boolean;
  readonly options: readonly ChoiceOption[];
  readonly columns?: 2 | 3;
  readonly onChange?: (value: string) => void;
  readonly hint?: ReactNode;
}) {
  const [meta] = useField<string>(name);
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  const describedBy = [hint === undefined ? undefined : meta.descriptionId, invalid ? meta.errorId : undefined].filter((id) => id !== undefined).join(" ");
  return (
    <fieldset role="radiogroup" aria-invalid={invalid ? true : undefined} aria-describedby={describedBy === "" ? undefined : describedBy} className="min-w-0">
      <legend className={legendHidden ? "sr-only" : "text-sm font-semibold text-slate-900"}>{legend}</legend>
      {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
      <div className={`mt-2 grid gap-2 ${columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {options.map((option) => {
          const id = `${meta.id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex min-w-0 cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-3 transition-colors hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <input
                key={meta.key}
                id={id}
                type="radio"
                name={meta.name}
                form={meta.formId}
                value={option.value}
                defaultChecked={meta.initialValue === option.value}
                onChange={onChange === undefined ? undefined : (event) => event.currentTarget.checked && onChange(option.value)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{option.title}</span>
                {option.text !== undefined && <span className="mt-0.5 block text-xs leading-5 text-slate-600">{option.text}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** Checkboxes for a field that takes several values (the months of a schedule). */
export function CheckboxGroup({ name, legend, options, hint }: { readonly name: string; readonly legend: string; readonly options: readonly SelectOption[]; readonly hint?: ReactNode }) {
  const [meta] = useField<string[]>(name);
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  const initial = meta.initialValue;
  const checked = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  const describedBy = [hint === undefined ? undefined : meta.descriptionId, invalid ? meta.errorId : undefined].filter((id) => id !== undefined).join(" ");
  return (
    <fieldset aria-describedby={describedBy === "" ? undefined : describedBy} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
      <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-4">
        {options.map((option) => {
          const id = `${meta.id}-${option.value}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <input
                key={meta.key}
                id={id}
                type="checkbox"
                name={meta.name}
                form={meta.formId}
                value={option.value}
                defaultChecked={checked.has(option.value)}
                aria-invalid={invalid ? true : undefined}
                className="h-4 w-4 accent-brand-600"
              />
              <label htmlFor={id} className="text-sm text-slate-700">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** A single checkbox with its label and hint. */
export function CheckboxField({ name, label, hint }: { readonly name: string; readonly label: string; readonly hint?: ReactNode }) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  return (
    <div className="flex gap-3">
      <input key={key} {...props} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
      <div className="min-w-0">
        <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
        <FieldErrors id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  );
}

/** A section of the form: a fieldset whose legend is the section's heading. */
export function FormSection({ title, description, children }: { readonly title: string; readonly description?: ReactNode; readonly children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-6 sm:py-5">
      <legend className="float-left w-full text-base font-semibold text-slate-900">{title}</legend>
      {description !== undefined && <div className="clear-both pt-0.5 text-sm text-slate-500">{description}</div>}
      <div className="clear-both space-y-5 pt-4">{children}</div>
    </fieldset>
  );
}
