"use client";

import { Link } from "@/components/ui/link";
import { type FormEvent, startTransition, useActionState, useState } from "react";
import type { SignTogetherState } from "@/lib/tpp/payments/sign-together-state";
import type { TransactionStatus } from "@/lib/psd2/schemas";
import { PaymentStatusBadge } from "./payment-status";
import { buttonStyles } from "./ui/button-styles";

/** A payment as the list shows it (all text made on the server). */
export interface PaymentListRow {
  readonly id: string;
  readonly href: string;
  readonly recipient: string;
  readonly subtitle: string;
  readonly amount: string;
  readonly status: TransactionStatus;
  readonly readAt: string;
  /** undefined: it may go in a signing basket; else why not. */
  readonly notSignable: string | undefined;
  /** Whether the reason is said to screen readers only (a payment no longer waiting: the status says it). */
  readonly quietReason: boolean;
}

const IDLE: SignTogetherState = { status: "idle" };

const IN_ANOTHER_BASKET = "already in another signing basket, or already approved, so it cannot be signed again.";

/** A refusal in words: its title, its text, and the X-Request-ID of the bank's reply. */
function explain(outcome: Extract<SignTogetherState, { status: "refused" }>["outcome"]): [string, string, string | undefined] {
  switch (outcome.kind) {
    case "invalid":
      return ["These payments cannot be signed together", outcome.message, undefined];
    case "conflict": {
      // The app's list was behind the bank's: name the payments the bank named, for the user to untick.
      const which =
        outcome.recipients.length === 0
          ? `A payment in it is ${IN_ANOTHER_BASKET}`
          : `${outcome.recipients.join(", ")}: ${IN_ANOTHER_BASKET} Untick it and sign the others.`;
      return [
        "The bank refused the basket (HTTP 409)",
        `${which}${outcome.message === "" ? "" : ` The bank says: ${outcome.message}`}`,
        outcome.requestId,
      ];
    }
    case "duplicate":
      return ["The bank refused the basket (HTTP 409)", `A payment in it is ${IN_ANOTHER_BASKET} ${outcome.message}`, outcome.requestId];
    case "rejected":
      return [
        `The bank refused the basket (HTTP ${outcome.status})`,
        outcome.tppMessages.map((message) => `${message.code}${message.text === undefined ? "" : `: ${message.text}`}`).join(" · "),
        outcome.requestId,
      ];
    case "failed":
      return [outcome.title, outcome.summary, outcome.requestId];
  }
}

function Refusal({ state }: { state: SignTogetherState }) {
  if (state.status !== "refused") return null;
  const [title, text, requestId] = explain(state.outcome);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{text}</p>
      {requestId !== undefined && <p className="mt-1 font-mono text-xs">X-Request-ID {requestId}</p>}
    </div>
  );
}

/**
 * The payments, each a link to its page; those that may go in a signing basket can be ticked
 * (at most `max`: the next one cannot be ticked, and the list says why), and "Sign together"
 * sends the ticked ones to the bank in one basket, with one approval.
 */
export function PaymentList({
  rows,
  max,
  action,
  initiallyTicked = [],
}: {
  rows: readonly PaymentListRow[];
  max: number;
  action: (state: SignTogetherState, data: FormData) => Promise<SignTogetherState>;
  /** Payments ticked when the page opens (e.g. the three the presenter view prepared). */
  initiallyTicked?: readonly string[];
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(
    () => new Set(initiallyTicked.filter((id) => rows.some((row) => row.id === id && row.notSignable === undefined)).slice(0, max)),
  );
  const full = ticked.size >= max;
  const signable = rows.some((row) => row.notSignable === undefined);
  // React resets a form after its action has run, which would untick every checkbox while the
  // count and "Sign together (n)" still show the ticks (a refusal keeps the page): with JavaScript
  // the form is sent by hand; without it, the action attribute posts it.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  }
  function toggle(id: string, checked: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  return (
    <form action={formAction} onSubmit={submit} className="space-y-3">
      {signable && (
        <div className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50/60 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm text-slate-700">
            <p className="font-semibold text-slate-900">Sign several payments with one approval</p>
            <p id="basket-help">
              Tick up to {max} payments waiting for approval, then sign them together at the bank. Each payment still goes its own way: one
              may be rejected while the others are paid.
            </p>
            <p aria-live="polite" className="mt-1 font-medium">
              {ticked.size} of at most {max} ticked{full ? `: a basket holds at most ${max} payments, so no more can be ticked.` : "."}
            </p>
          </div>
          <button type="submit" disabled={pending || ticked.size === 0} className={buttonStyles.primary}>
            {pending ? "Going to the bank…" : `Sign together${ticked.size > 0 ? ` (${ticked.size})` : ""}`}
          </button>
        </div>
      )}
      <div aria-live="polite">
        <Refusal state={state} />
      </div>
      <ul
        aria-label="Payments"
        className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {rows.map((row) => {
          const checked = ticked.has(row.id);
          const blockedByMax = !checked && full && row.notSignable === undefined;
          const why = row.notSignable ?? (blockedByMax ? `At most ${max} payments in one basket.` : undefined);
          return (
            <li key={row.id} className="flex items-stretch">
              {signable && (
                <div className="flex w-12 shrink-0 items-start justify-center pt-5 sm:w-14">
                  <input
                    type="checkbox"
                    name="payment"
                    value={row.id}
                    id={`sign-${row.id}`}
                    checked={checked}
                    disabled={row.notSignable !== undefined || blockedByMax}
                    onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                    aria-label={`Sign together: ${row.recipient}, ${row.amount}`}
                    aria-describedby={why === undefined ? undefined : `why-${row.id}`}
                    className="h-4 w-4 accent-brand-600 disabled:opacity-40"
                  />
                </div>
              )}
              <Link
                href={row.href}
                className={`flex min-w-0 flex-1 flex-col gap-2 py-4 pr-4 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset sm:flex-row sm:items-center sm:justify-between sm:pr-6 ${signable ? "" : "pl-4 sm:pl-6"}`}
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{row.recipient}</p>
                  <p className="text-sm break-words text-slate-500 sm:truncate">{row.subtitle}</p>
                  {signable && why !== undefined && (
                    <p id={`why-${row.id}`} className={row.quietReason && !blockedByMax ? "sr-only" : "mt-0.5 text-xs text-slate-500"}>
                      Not for a basket: {why}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:justify-end sm:text-right">
                  <span className="font-semibold text-slate-900 tabular-nums">{row.amount}</span>
                  <span className="flex flex-col items-start gap-0.5 sm:items-end">
                    <PaymentStatusBadge status={row.status} />
                    <span className="text-xs text-slate-500">read {row.readAt}</span>
                  </span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </form>
  );
}
