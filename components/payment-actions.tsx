"use client";

import { useActionState } from "react";
import type { PaymentActionState } from "@/lib/tpp/payments/payment-action-state";
import { ErrorPanel } from "./error-panel";
import { buttonStyles } from "./ui/button-styles";

type Action = (state: PaymentActionState, data: FormData) => Promise<PaymentActionState>;

const IDLE: PaymentActionState = { status: "idle" };

function Outcome({ state }: { state: PaymentActionState }) {
  if (state.status === "not-allowed") {
    return (
      <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p className="font-semibold">The bank did not cancel the payment (HTTP 405).</p>
        <p className="mt-1">
          A payment can be cancelled while it waits for approval or for the bank&apos;s next payment run; once it is scheduled for a later
          date (PDNG) or finished, the bank no longer allows it.
        </p>
        {state.reason !== undefined && (
          <p className="mt-1">
            <span className="font-medium">The bank says: </span>
            {state.reason}
          </p>
        )}
        <p className="mt-1 font-mono text-xs text-amber-800">X-Request-ID {state.requestId}</p>
      </div>
    );
  }
  if (state.status === "failed") return <ErrorPanel error={state.error} />;
  if (state.status === "refused") {
    const outcome = state.outcome;
    if (outcome.kind === "failed") {
      return (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {outcome.title}: {outcome.summary}
        </p>
      );
    }
    const text =
      outcome.kind === "duplicate"
        ? outcome.message
        : outcome.tppMessages.map((message) => `${message.code}${message.text === undefined ? "" : `: ${message.text}`}`).join(" · ");
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        <p className="font-semibold">
          The bank did not start the approval{outcome.kind === "rejected" ? ` (HTTP ${outcome.status})` : ""}.
        </p>
        <p className="mt-1">{text}</p>
      </div>
    );
  }
  return null;
}

/** The payment's buttons: approve at the bank (while it waits for approval) and cancel (while it is not final), each answering in place. */
export function PaymentActions({ approve, cancel }: { approve: Action | undefined; cancel: Action | undefined }) {
  const [approveState, approveAction, approving] = useActionState(approve ?? (async () => IDLE), IDLE);
  const [cancelState, cancelAction, cancelling] = useActionState(cancel ?? (async () => IDLE), IDLE);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {approve !== undefined && (
          <form action={approveAction}>
            <button type="submit" className={buttonStyles.primary} disabled={approving}>
              {approving ? "Going to the bank…" : "Approve at the bank"}
            </button>
          </form>
        )}
        {cancel !== undefined && (
          <form action={cancelAction}>
            <button type="submit" className={buttonStyles.danger} disabled={cancelling}>
              {cancelling ? "Cancelling…" : "Cancel payment"}
            </button>
          </form>
        )}
      </div>
      <div aria-live="polite" className="space-y-2">
        <Outcome state={approveState} />
        <Outcome state={cancelState} />
      </div>
    </div>
  );
}
