"use client";

import { useActionState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import type { ApproveBasketState } from "@/lib/tpp/payments/basket-action-states";

function Refusal({ state }: { state: ApproveBasketState }) {
  if (state.status !== "refused") return null;
  const { outcome } = state;
  const [title, text, requestId] =
    outcome.kind === "failed"
      ? [outcome.title, outcome.summary, outcome.requestId]
      : outcome.kind === "duplicate"
        ? [
            "The bank did not start the approval (HTTP 409)",
            `No payment of the basket waits for approval any more. ${outcome.message}`,
            outcome.requestId,
          ]
        : [
            `The bank did not start the approval (HTTP ${outcome.status})`,
            outcome.tppMessages.map((message) => `${message.code}${message.text === undefined ? "" : `: ${message.text}`}`).join(" · "),
            outcome.requestId,
          ];
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{text}</p>
      {requestId !== undefined && <p className="mt-1 font-mono text-xs break-all">X-Request-ID {requestId}</p>}
    </div>
  );
}

/** "Approve at the bank" for a basket whose payments still wait: one approval for all of them; the bank's refusal shows in place. */
export function ApproveBasketForm({ action }: { action: (state: ApproveBasketState, data: FormData) => Promise<ApproveBasketState> }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as ApproveBasketState);
  return (
    <form action={formAction} className="space-y-3">
      <button type="submit" disabled={pending} className={buttonStyles.primary}>
        {pending ? "Going to the bank…" : "Approve at the bank"}
      </button>
      <div aria-live="polite">
        <Refusal state={state} />
      </div>
    </form>
  );
}
