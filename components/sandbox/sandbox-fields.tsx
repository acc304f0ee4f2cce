"use client";

import { getInputProps, getSelectProps, useField } from "@conform-to/react";
import { createContext, type ReactNode, useContext } from "react";
import { labelOf, type SandboxFormKind } from "@/lib/tpp/sandbox/forms";

// The control room's form controls: each takes its field's name (a wire JSON path such as
// "balance.amount"), reads the field from the Conform form around it, and takes its label from
// the form's model unless given; the label is bound, the hint and errors described, aria-invalid
// set when it is wrong. The look is the payment form's.

/** The kind of the form around the fields: their labels come from its model. */
export const SandboxFormKindContext = createContext<SandboxFormKind | undefined>(undefined);

function useLabel(name: string, label: ReactNode | undefined): ReactNode {
  const kind = useContext(SandboxFormKindContext);
  return label ?? (kind === undefined ? name : labelOf(kind, name));
}

const inputBase =
  "mt-1 block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none";

function inputClass(invalid: boolean): string {
  return `${inputBase} ${invalid ? "border-red-400 focus:border-red-500" : "border-slate-300 focus:border-brand-500"}`;
}

/** A field's errors, named by its errorId for aria-describedby. */
export function FieldErrors({ id, errors }: { readonly id: string; readonly errors: readonly string[] | undefined }) {
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

function Hint({ id, children }: { readonly id: string; readonly children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs leading-5 text-slate-500">
      {children}
    </p>
  );
}

export interface InputFieldProps {
  readonly name: string;
  readonly label?: ReactNode;
  readonly hint?: ReactNode;
  readonly type?: "text" | "date" | "datetime-local";
  readonly inputMode?: "text" | "numeric" | "decimal";
  readonly placeholder?: string;
  readonly mono?: boolean;
  readonly className?: string;
  /** Shown after the input on the same line (a currency beside its amount). */
  readonly after?: ReactNode;
}

/** A labelled text, date or date-time input. */
export function InputField({ name, label, hint, type = "text", inputMode, placeholder, mono = false, className = "", after }: InputFieldProps) {
  const [meta] = useField<string>(name);
  const text = useLabel(name, label);
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  const input = <input key={key} {...props} inputMode={inputMode} autoComplete="off" placeholder={placeholder} className={`${inputClass(invalid)} ${mono ? "font-mono" : ""}`} />;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {text}
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

export interface Option {
  readonly value: string;
  readonly label: string;
}

export interface OptionGroup {
  readonly label: string;
  readonly options: readonly Option[];
}

export interface SelectFieldProps {
  readonly name: string;
  readonly label?: ReactNode;
  /** Shown to screen readers only (a currency beside its amount). */
  readonly labelHidden?: boolean;
  readonly hint?: ReactNode;
  readonly options?: readonly Option[];
  readonly groups?: readonly OptionGroup[];
  /** A first, empty choice. */
  readonly empty?: string;
  readonly className?: string;
  /** Errors shown elsewhere (a currency beside its amount). */
  readonly quiet?: boolean;
}

/** A labelled select, with option groups. */
export function SelectField({ name, label, labelHidden = false, hint, options = [], groups = [], empty, className = "", quiet = false }: SelectFieldProps) {
  const [meta] = useField<string>(name);
  const text = useLabel(name, label);
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={meta.id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {text}
      </label>
      <select key={key} {...props} className={inputClass(invalid)}>
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

/** Radio buttons in a fieldset whose legend is the field's label; the group carries the errors. */
export function RadioField({ name, label, options, hint }: { readonly name: string; readonly label?: ReactNode; readonly options: readonly Option[]; readonly hint?: ReactNode }) {
  const [meta] = useField<string>(name);
  const text = useLabel(name, label);
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  const describedBy = [hint === undefined ? undefined : meta.descriptionId, invalid ? meta.errorId : undefined].filter((id) => id !== undefined).join(" ");
  return (
    <fieldset role="radiogroup" aria-invalid={invalid ? true : undefined} aria-describedby={describedBy === "" ? undefined : describedBy} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{text}</legend>
      {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => {
          const id = `${meta.id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <input
                key={meta.key}
                id={id}
                type="radio"
                name={meta.name}
                form={meta.formId}
                value={option.value}
                defaultChecked={meta.initialValue === option.value}
                className="h-4 w-4 shrink-0 accent-brand-600"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** A single checkbox with its label and hint. */
export function CheckboxField({ name, label, hint }: { readonly name: string; readonly label?: ReactNode; readonly hint?: ReactNode }) {
  const [meta] = useField<string>(name);
  const text = useLabel(name, label);
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint === undefined ? undefined : meta.descriptionId });
  return (
    <div className="flex gap-3">
      <input key={key} {...props} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
      <div className="min-w-0">
        <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
          {text}
        </label>
        {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
        <FieldErrors id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  );
}

/** Checkboxes for a field that takes several values, in groups (the accounts of an agreement, by customer). */
export function CheckboxGroupField({ name, label, groups, hint }: { readonly name: string; readonly label?: ReactNode; readonly groups: readonly OptionGroup[]; readonly hint?: ReactNode }) {
  const [meta] = useField<string[]>(name);
  const text = useLabel(name, label);
  const invalid = meta.errors !== undefined && meta.errors.length > 0;
  const initial = meta.initialValue;
  const checked = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  const describedBy = [hint === undefined ? undefined : meta.descriptionId, invalid ? meta.errorId : undefined].filter((id) => id !== undefined).join(" ");
  return (
    <fieldset aria-describedby={describedBy === "" ? undefined : describedBy} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{text}</legend>
      {hint !== undefined && <Hint id={meta.descriptionId}>{hint}</Hint>}
      <div className="mt-2 space-y-3">
        {groups.map((group) => (
          <div key={group.label}>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.label}</p>
            <div className="mt-1 space-y-1">
              {group.options.map((option) => {
                const id = `${meta.id}-${option.value}`;
                return (
                  <div key={option.value} className="flex items-start gap-2">
                    <input
                      key={meta.key}
                      id={id}
                      type="checkbox"
                      name={meta.name}
                      form={meta.formId}
                      value={option.value}
                      defaultChecked={checked.has(option.value)}
                      aria-invalid={invalid ? true : undefined}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                    />
                    <label htmlFor={id} className="min-w-0 text-sm break-words text-slate-700">
                      {option.label}
                    </label>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
