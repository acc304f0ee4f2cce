"use server";

import { redirect } from "next/navigation";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import type { PaymentActionState } from "@/lib/tpp/payments/payment-action-state";
import { approveStoredPayment } from "@/lib/tpp/payments/approve-stored-payment";
import { cancelStoredPayment } from "@/lib/tpp/payments/cancel-stored-payment";
import { paymentPagePath } from "@/lib/tpp/payments/submit-payment";

/** Cancels the payment at the bank (DELETE), then shows it again; the bank's refusal is told in place. */
export async function cancelPaymentAction(id: string, _previous: PaymentActionState, _data: FormData): Promise<PaymentActionState> {
  const user = await requireCurrentUser(paymentPagePath(id));
  const outcome = await cancelStoredPayment(user.id, id);
  if (outcome.kind === "cancelled") redirect(`${paymentPagePath(id)}?cancelled=1`);
  if (outcome.kind === "not-allowed") return { status: "not-allowed", reason: outcome.reason, requestId: outcome.requestId };
  return { status: "failed", error: outcome.error };
}

/** Starts the payment's approval at the bank again (the browser goes to the bank); a refusal is told in place. */
export async function approvePaymentAction(id: string, _previous: PaymentActionState, _data: FormData): Promise<PaymentActionState> {
  const user = await requireCurrentUser(paymentPagePath(id));
  const outcome = await approveStoredPayment(user.id, id);
  return { status: "refused", outcome };
}
