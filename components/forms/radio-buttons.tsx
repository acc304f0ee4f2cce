"use client";

import { useField } from "@conform-to/react";
import type { ReactNode } from "react";
import { ChoiceFieldset } from "./choice-fieldset";
import { ChoiceInput, choiceId } from "./choice-input";
import type { SelectOption } from "./select-field";

/** Radio buttons side by side, in a fieldset whose legend is the field's label; the group carries the errors. */
export function RadioButtons({
  name,
  legend,
  options,
  hint,
}: {
  readonly name: string;
  readonly legend: ReactNode;
  readonly options: readonly SelectOption[];
  readonly hint?: ReactNode;
}) {
  const [meta] = useField<string>(name);
  return (
    <ChoiceFieldset meta={meta} radio legend={legend} hint={hint}>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={choiceId(meta, option.value)}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <ChoiceInput meta={meta} type="radio" value={option.value} className="h-4 w-4 shrink-0 accent-brand-600" />
            {option.label}
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}
