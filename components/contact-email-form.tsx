"use client";

import { useActionState } from "react";
import type { ContactEmailState } from "@/lib/tpp/tpp-dialogue/contact-email-state";
import { ErrorPanel } from "./error-panel";
import { inputClass } from "./forms/input-class";
import { buttonStyles } from "./ui/button-styles";

/** The TPP's contact e-mail at the bank: a form whose answer (saved, invalid, the bank's error) shows in place. */
export function ContactEmailForm({
  current,
  action,
}: {
  current: string | undefined;
  action: (state: ContactEmailState, data: FormData) => Promise<ContactEmailState>;
}) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as ContactEmailState);
  const value = state.status === "idle" ? (current ?? "") : state.email;
  return (
    <form action={formAction} className="space-y-3" noValidate>
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          Contact e-mail for operational notices
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={value}
            key={value}
            placeholder="operations@example.no"
            aria-invalid={state.status === "invalid" ? true : undefined}
            aria-describedby="email-help"
            className={`${inputClass(state.status === "invalid", { inline: true })} sm:max-w-md`}
          />
          <button type="submit" disabled={pending} className={buttonStyles.primary}>
            {pending ? "Saving…" : "Save at the bank"}
          </button>
        </div>
        <p id="email-help" className="mt-1 text-xs text-slate-500">
          The bank sends notices such as planned downtime here. A group address is better than a person&apos;s.
        </p>
      </div>
      <div aria-live="polite">
        {state.status === "saved" && (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">Saved: the bank now has {state.email}.</p>
        )}
        {(state.status === "invalid" || state.status === "forbidden") && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {state.message}
          </p>
        )}
        {state.status === "failed" && <ErrorPanel error={state.error} />}
      </div>
    </form>
  );
}
