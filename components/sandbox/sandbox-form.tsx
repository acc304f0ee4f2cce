"use client";

import { FormProvider, useForm } from "@conform-to/react";
import { type ReactNode, useActionState } from "react";
import {
  INITIAL_SANDBOX_FORM_STATE,
  parseSandboxForm,
  type SandboxFormKind,
  type SandboxFormState,
  type SandboxFormValues,
} from "@/lib/tpp/sandbox/forms";
import { getKeepValuesFormProps } from "../forms/get-keep-values-form-props";
import { buttonStyles } from "../ui/button-styles";
import { SandboxFormKindContext } from "./sandbox-fields";
import { SandboxOutcomeView } from "./sandbox-outcome";

export type SandboxAction = (state: SandboxFormState, formData: FormData) => Promise<SandboxFormState>;

export interface SandboxFormProps {
  readonly kind: SandboxFormKind;
  readonly action: SandboxAction;
  readonly submitLabel: string;
  readonly tone?: "primary" | "danger";
  readonly defaultValue?: SandboxFormValues;
  /** The form's accessible name. */
  readonly label: string;
  readonly children: ReactNode;
}

/**
 * A form of the control room: Conform over the form's model (lib/psd2's schema of its sandbox
 * operation), each field's message shown as the user types and again from the Server Action,
 * with the bank's refusal on the fields its tppMessages name, and the bank's reply below.
 * Without JavaScript the form posts to the action and the page shows the same.
 */
export function SandboxForm({ kind, action, submitLabel, tone = "primary", defaultValue, label, children }: SandboxFormProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_SANDBOX_FORM_STATE);
  const [form] = useForm<SandboxFormValues, unknown>({
    id: `sandbox-${kind}`,
    lastResult: state.submission,
    defaultValue,
    onValidate: ({ formData }) => parseSandboxForm(kind, formData),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <SandboxFormKindContext.Provider value={kind}>
      <FormProvider context={form.context}>
        <form {...getKeepValuesFormProps(form, formAction)} aria-label={label} className="space-y-4">
          {children}
          {form.errors !== undefined && form.errors.length > 0 && (
            <ul id={form.errorId} role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {form.errors.map((error) => (
                <li key={error} className="break-words">
                  {error}
                </li>
              ))}
            </ul>
          )}
          <button type="submit" disabled={pending} className={tone === "danger" ? buttonStyles.danger : buttonStyles.primary}>
            {pending ? "Sending…" : submitLabel}
          </button>
          <div aria-live="polite">
            <SandboxOutcomeView outcome={pending ? undefined : state.outcome} />
          </div>
        </form>
      </FormProvider>
    </SandboxFormKindContext.Provider>
  );
}
