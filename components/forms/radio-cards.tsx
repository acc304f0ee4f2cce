"use client";

import { useField } from "@conform-to/react";
import type { ReactNode } from "react";
import { ChoiceFieldset } from "./choice-fieldset";
import { ChoiceInput, choiceId } from "./choice-input";

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
  options,
  columns = 3,
  onChange,
  hint,
}: {
  readonly name: string;
  readonly legend: string;
  readonly options: readonly ChoiceOption[];
  readonly columns?: 2 | 3;
  readonly onChange?: (value: string) => void;
  readonly hint?: ReactNode;
}) {
  const [meta] = useField<string>(name);
  return (
    <ChoiceFieldset meta={meta} radio legend={legend} legendClassName="text-sm font-semibold text-slate-900" hint={hint}>
      <div className={`mt-2 grid gap-2 ${columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={choiceId(meta, option.value)}
            className="flex min-w-0 cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-3 transition-colors hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <ChoiceInput
              meta={meta}
              type="radio"
              value={option.value}
              onChecked={onChange}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">{option.title}</span>
              {option.text !== undefined && <span className="mt-0.5 block text-xs leading-5 text-slate-600">{option.text}</span>}
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}
