import type { SubmissionResult } from "@conform-to/react";
import type { ErrorDisplay } from "../../describe-error";
import type { SandboxReply } from "../sandbox-reply";

/**
 * What an action of the control room tells its form: done (in words, with every reply of the
 * bank), failed (the bank's refusal or the failure, with the replies before it), invalid (a
 * button's value the action does not know), or refused (production has no sandbox).
 */
export type SandboxOutcome =
  | { readonly kind: "done"; readonly summary: string; readonly replies: readonly SandboxReply<unknown>[] }
  | { readonly kind: "failed"; readonly summary: string; readonly error: ErrorDisplay; readonly replies: readonly SandboxReply<unknown>[] }
  | { readonly kind: "invalid"; readonly message: string }
  | { readonly kind: "refused"; readonly message: string };

/** The state of a control room form: Conform's reply to its values, and the outcome of its call. */
export interface SandboxFormState {
  readonly submission?: SubmissionResult<string[]> | undefined;
  readonly outcome?: SandboxOutcome | undefined;
}

export const INITIAL_SANDBOX_FORM_STATE: SandboxFormState = {};
