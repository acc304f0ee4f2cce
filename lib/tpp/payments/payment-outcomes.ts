import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import { describeError } from "../describe-error";
import { AspspError } from "../errors";

/**
 * What the payment form is told when the bank did not take a payment: a 409 CONFLICT is a
 * logical duplicate (the PSU may send it anyway), another reply of the bank is a rejection whose
 * tppMessages go onto the fields they name, anything else of lib/tpp a failure in plain words.
 * Errors that are not lib/tpp's (a redirect among them) are thrown on.
 * @see docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#logical-duplicate
 */
export function submitOutcomeOf(error: unknown): PaymentSubmitOutcome {
  if (error instanceof AspspError) {
    if (error.status === 409) {
      const text = error.tppMessages.find((message) => message.text !== undefined)?.text;
      return {
        kind: "duplicate",
        message: text ?? "The bank considers this payment a duplicate of one made a few minutes ago.",
        requestId: error.requestId,
      };
    }
    return {
      kind: "rejected",
      status: error.status,
      tppMessages: error.tppMessages.map((message) => ({
        category: message.category,
        code: message.code,
        path: message.path,
        text: message.text,
      })),
      psuMessage: error.psuMessage,
      requestId: error.requestId,
    };
  }
  const display = describeError(error);
  if (display === undefined) throw error;
  return { kind: "failed", title: display.title, summary: display.summary, requestId: display.requestId };
}
