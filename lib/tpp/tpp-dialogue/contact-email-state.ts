import type { ErrorDisplay } from "../describe-error";

/** What the contact e-mail form shows after it was sent. */
export type ContactEmailState =
  | { readonly status: "idle" }
  | { readonly status: "saved"; readonly email: string }
  | { readonly status: "invalid"; readonly message: string; readonly email: string }
  /** The user is not an administrator: nothing was sent to the bank. */
  | { readonly status: "forbidden"; readonly message: string; readonly email: string }
  | { readonly status: "failed"; readonly error: ErrorDisplay; readonly email: string };
