"use client";

import { useActionState } from "react";
import type { PresenterState } from "@/lib/tpp/presenter/presenter-state";
import { buttonStyles } from "./ui/button-styles";

/** A presenter step done by the app itself (a Server Action), with its problem told in place. */
export function PresenterStepAction({
  label,
  pendingLabel,
  action,
  primary,
}: {
  label: string;
  pendingLabel: string;
  action: (state: PresenterState, data: FormData) => Promise<PresenterState>;
  primary: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as PresenterState);
  return (
    <form action={formAction} className="space-y-2">
      <button type="submit" disabled={pending} className={primary ? buttonStyles.primary : buttonStyles.secondary}>
        {pending ? pendingLabel : label}
      </button>
      <div aria-live="polite">
        {state.status === "problem" && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {state.message}
          </p>
        )}
      </div>
    </form>
  );
}
