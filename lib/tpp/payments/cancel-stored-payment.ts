import "server-only";
import { getAspspContext } from "../aspsp/aspsp-context";
import { describeError, type ErrorDisplay } from "../describe-error";
import { AspspError, TppError } from "../errors";
import { cancelPayment } from "../pis/cancel-payment";
import { getTppRuntime } from "../runtime";
import { readPaymentAtBank, refOf } from "./read-payment-at-bank";
import { paymentPagePath } from "./submit-payment";

export type CancelOutcome =
  | { readonly kind: "cancelled" }
  /** The bank's 405: not in a status that can be deleted (PDNG, or final); `reason` is the bank's text. */
  | { readonly kind: "not-allowed"; readonly reason: string | undefined; readonly requestId: string }
  | { readonly kind: "failed"; readonly error: ErrorDisplay };

/**
 * Cancels a kept payment at the bank (DELETE): 204 makes it CANC, kept as read from the DELETE
 * (the bank may not show a domestic payment's status yet), then read again where the bank shows
 * it. The bank's 405 for a payment in PDNG or final is told with its reason.
 * @see docs/interface/endpoints.md#other-operations (DELETE); docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export async function cancelStoredPayment(userId: string, id: string): Promise<CancelOutcome> {
  const { payments } = await getTppRuntime();
  const record = await payments.findById(userId, id);
  if (record === undefined) throw new TppError("INPUT_INVALID", `there is no payment ${id} of this user`);
  try {
    const ctx = await getAspspContext({ returnTo: paymentPagePath(id) });
    await cancelPayment(ctx, refOf(record));
    const cancelled = await payments.recordStatusRead(userId, id, {
      status: "CANC",
      fundsAvailable: null,
      readAt: new Date(),
      source: "cancel",
    });
    await readPaymentAtBank(ctx, payments, cancelled ?? record);
    return { kind: "cancelled" };
  } catch (error) {
    if (error instanceof AspspError && error.status === 405) {
      return {
        kind: "not-allowed",
        reason: error.tppMessages.find((message) => message.text !== undefined)?.text,
        requestId: error.requestId,
      };
    }
    const display = describeError(error);
    if (display === undefined) throw error;
    return { kind: "failed", error: display };
  }
}
