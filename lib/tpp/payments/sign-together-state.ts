import type { SubmitBasketOutcome } from "./submit-basket";

/** What the payments list's "Sign together" shows after the bank answered. */
export type SignTogetherState = { readonly status: "idle" } | { readonly status: "refused"; readonly outcome: SubmitBasketOutcome };
