"use client";

import { type ReactNode, useActionState } from "react";
import { useFormStatus } from "react-dom";
import { INITIAL_SANDBOX_FORM_STATE } from "@/lib/tpp/sandbox/forms";
import type { SandboxAction } from "./sandbox-form";
import { SandboxOutcomeView } from "./sandbox-outcome";

/**
 * A form of buttons only (the clock's moves, a batch run, a scenario): each button posts its
 * name and value to the Server Action; the outcome shows below, with the bank's replies. Works
 * without JavaScript too.
 */
export function SandboxButtonForm({
  action,
  label,
  children,
  className = "",
}: {
  readonly action: SandboxAction;
  readonly label: string;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_SANDBOX_FORM_STATE);
  return (
    <form action={formAction} aria-label={label} className={`space-y-3 ${className}`}>
      {children}
      <div aria-live="polite">
        <SandboxOutcomeView outcome={pending ? undefined : state.outcome} />
      </div>
    </form>
  );
}

/** A submit button of a control room form, disabled while its form is sent. */
export function SubmitButton({
  name,
  value,
  className,
  pendingText,
  children,
}: {
  readonly name?: string;
  readonly value?: string;
  readonly className: string;
  readonly pendingText?: string;
  readonly children: ReactNode;
}) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" name={name} value={value} disabled={pending} className={className}>
      {pending && pendingText !== undefined ? pendingText : children}
    </button>
  );
}
