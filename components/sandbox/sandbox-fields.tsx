"use client";

import { createContext, type ReactNode, useContext } from "react";
import { labelOf, type SandboxFormKind } from "@/lib/tpp/sandbox/forms";
import { CheckboxField as Checkbox } from "../forms/checkbox-field";
import { CheckboxGroup } from "../forms/checkbox-group";
import { RadioButtons } from "../forms/radio-buttons";
import { SelectField as Select, type OptionGroup, type SelectFieldProps, type SelectOption } from "../forms/select-field";
import { TextField, type TextFieldProps } from "../forms/text-field";

// The control room's form controls: the app's form controls (components/forms), each taking its
// label from the model of the form around it (lib/tpp/sandbox/forms) unless given one.

/** The kind of the form around the fields: their labels come from its model. */
export const SandboxFormKindContext = createContext<SandboxFormKind | undefined>(undefined);

function useLabel(name: string, label: ReactNode | undefined): ReactNode {
  const kind = useContext(SandboxFormKindContext);
  return label ?? (kind === undefined ? name : labelOf(kind, name));
}

/** A label given, or none: the model's. */
type ModelLabelled<Props extends { readonly label: ReactNode }> = Omit<Props, "label"> & { readonly label?: ReactNode };

/** A labelled text, date or date-time input. */
export function InputField({ label, ...props }: ModelLabelled<TextFieldProps>) {
  return <TextField {...props} label={useLabel(props.name, label)} />;
}

/** A labelled select, with option groups. */
export function SelectField({ label, ...props }: ModelLabelled<SelectFieldProps>) {
  return <Select {...props} label={useLabel(props.name, label)} />;
}

/** Radio buttons in a fieldset whose legend is the field's label; the group carries the errors. */
export function RadioField({
  name,
  label,
  options,
  hint,
}: {
  readonly name: string;
  readonly label?: ReactNode;
  readonly options: readonly SelectOption[];
  readonly hint?: ReactNode;
}) {
  return <RadioButtons name={name} legend={useLabel(name, label)} options={options} hint={hint} />;
}

/** A single checkbox with its label and hint. */
export function CheckboxField({ name, label, hint }: { readonly name: string; readonly label?: ReactNode; readonly hint?: ReactNode }) {
  return <Checkbox name={name} label={useLabel(name, label)} hint={hint} />;
}

/** Checkboxes for a field that takes several values, in groups (the accounts of an agreement, by customer). */
export function CheckboxGroupField({
  name,
  label,
  groups,
  hint,
}: {
  readonly name: string;
  readonly label?: ReactNode;
  readonly groups: readonly OptionGroup[];
  readonly hint?: ReactNode;
}) {
  return <CheckboxGroup name={name} legend={useLabel(name, label)} groups={groups} hint={hint} />;
}
