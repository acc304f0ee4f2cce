import type { ErrorDisplay } from "../describe-error";
import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";

/** What the delete-basket button shows after the bank answered. */
export type DeleteBasketState = { readonly status: "idle" } | { readonly status: "failed"; readonly error: ErrorDisplay };

/** What the approve-basket button shows after the bank answered. */
export type ApproveBasketState = { readonly status: "idle" } | { readonly status: "refused"; readonly outcome: PaymentSubmitOutcome };
