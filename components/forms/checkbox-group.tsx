"use client";

import { useField } from "@conform-to/react";
import type { ReactNode } from "react";
import { ChoiceFieldset } from "./choice-fieldset";
import { ChoiceInput, choiceId } from "./choice-input";
import type { OptionGroup, SelectOption } from "./select-field";

// Short options stand in columns (the months of a schedule); grouped ones, whose labels may be
// long (accounts by customer), one a line under their group's heading.
const LOOKS = {
  columns: { row: "flex items-center gap-2", input: "h-4 w-4 accent-brand-600", label: "text-sm text-slate-700" },
  lines: {
    row: "flex items-start gap-2",
    input: "mt-0.5 h-4 w-4 shrink-0 accent-brand-600",
    label: "min-w-0 text-sm break-words text-slate-700",
  },
} as const;

/** Checkboxes for a field that takes several values: `options` in columns, or `groups` under their headings. */
export function CheckboxGroup({
  name,
  legend,
  hint,
  ...choices
}: { readonly name: string; readonly legend: ReactNode; readonly hint?: ReactNode } & (
  { readonly options: readonly SelectOption[] } | { readonly groups: readonly OptionGroup[] }
)) {
  const [meta] = useField<string[]>(name);
  function checkbox(option: SelectOption, look: (typeof LOOKS)[keyof typeof LOOKS]) {
    return (
      <div key={option.value} className={look.row}>
        <ChoiceInput meta={meta} type="checkbox" value={option.value} className={look.input} />
        <label htmlFor={choiceId(meta, option.value)} className={look.label}>
          {option.label}
        </label>
      </div>
    );
  }
  return (
    <ChoiceFieldset meta={meta} radio={false} legend={legend} hint={hint}>
      {"options" in choices ? (
        <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-4">
          {choices.options.map((option) => checkbox(option, LOOKS.columns))}
        </div>
      ) : (
        <div className="mt-2 space-y-3">
          {choices.groups.map((group) => (
            <div key={group.label}>
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.label}</p>
              <div className="mt-1 space-y-1">{group.options.map((option) => checkbox(option, LOOKS.lines))}</div>
            </div>
          ))}
        </div>
      )}
    </ChoiceFieldset>
  );
}
