"use client";

import { useEffect, useState } from "react";
import { z } from "zod";
import { validateAmount } from "@/lib/psd2/validation";
import { formatMoney } from "../format";

const feeReplySchema = z.object({ fee: z.object({ amount: z.string(), currency: z.string() }), feeIndicator: z.boolean() });
const errorReplySchema = z.object({ error: z.string() });

/** What the fee route answered, in words; the fee as every page writes an amount ("2,00 kr"). */
function describeReply(status: number, body: unknown): { ok: boolean; text: string } {
  const fee = feeReplySchema.safeParse(body);
  if (status === 200 && fee.success) {
    return fee.data.feeIndicator ? { ok: true, text: `Fee: ${formatMoney(fee.data.fee)}` } : { ok: true, text: "No fee for this payment" };
  }
  const error = errorReplySchema.safeParse(body);
  return { ok: false, text: error.success ? `The fee is not known: ${error.data.error}` : `The fee could not be read (HTTP ${status})` };
}

/**
 * The fee of an instant payment (straks), asked of `feeUrl` (?amount=&currency=NOK) a moment
 * after the amount stops changing, in a live region so that a screen reader hears it.
 */
export function InstantFee({ feeUrl, amount }: { feeUrl: string; amount: string | undefined }) {
  const valid = amount !== undefined && validateAmount(amount, "NOK") === undefined;
  const [answer, setAnswer] = useState<{ amount: string; ok: boolean; text: string } | undefined>(undefined);

  useEffect(() => {
    if (!valid || amount === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const url = `${feeUrl}?${new URLSearchParams({ amount, currency: "NOK" }).toString()}`;
      fetch(url, { signal: controller.signal, headers: { accept: "application/json" } })
        .then(async (response) => {
          const body: unknown = await response.json().catch(() => undefined);
          setAnswer({ amount, ...describeReply(response.status, body) });
        })
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ amount, ok: false, text: "The fee could not be fetched: check your connection" });
        });
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [amount, valid, feeUrl]);

  const current = valid && answer?.amount === amount ? answer : undefined;
  const text = !valid
    ? "The fee is shown once the amount is a NOK amount such as 250.00."
    : (current?.text ?? "Asking the bank for the fee…");
  return (
    <p
      role="status"
      aria-live="polite"
      className={`rounded-lg px-3 py-2 text-sm ${current === undefined ? "bg-slate-50 text-slate-600" : current.ok ? "bg-brand-50 font-medium text-brand-900" : "bg-amber-50 text-amber-900"}`}
    >
      {text}
    </p>
  );
}
