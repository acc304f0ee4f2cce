import type { ErrorDisplay } from "../describe-error";
import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";

/** What a payment's cancel and approve buttons show after the bank answered. */
export type PaymentActionState =
  | { readonly status: "idle" }
  /** The bank's 405: the payment cannot be cancelled in its status. */
  | { readonly status: "not-allowed"; readonly reason: string | undefined; readonly requestId: string }
  | { readonly status: "refused"; readonly outcome: PaymentSubmitOutcome }
  | { readonly status: "failed"; readonly error: ErrorDisplay };
