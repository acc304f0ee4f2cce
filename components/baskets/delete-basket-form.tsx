"use client";

import { useActionState } from "react";
import type { DeleteBasketState } from "@/lib/tpp/payments/basket-action-states";
import { ErrorPanel } from "../error-panel";
import { buttonStyles } from "../ui/button-styles";

/** "Delete basket" for a basket not yet approved; the bank's refusal shows in place. */
export function DeleteBasketForm({ action }: { action: (state: DeleteBasketState, data: FormData) => Promise<DeleteBasketState> }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as DeleteBasketState);
  return (
    <form action={formAction} className="space-y-3">
      <button type="submit" disabled={pending} className={buttonStyles.danger}>
        {pending ? "Deleting…" : "Delete basket"}
      </button>
      <p className="text-xs text-slate-500">
        The payments stay at the bank, waiting for approval, and can be signed alone or in another basket.
      </p>
      <div aria-live="polite">{state.status === "failed" && <ErrorPanel error={state.error} />}</div>
    </form>
  );
}
