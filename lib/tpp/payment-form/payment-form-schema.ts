import { parseWithZod, type Submission, type SubmissionResult } from "@conform-to/zod/v4";
import { z } from "zod";
import { buildPaymentDraft, isDebtorTyped } from "./build-payment-draft";
import { isPaymentProduct } from "../../psd2/schemas";
import { createConformSchema, type FormJudgement, parseConformForm } from "../forms/conform-schema";
import { fieldErrorsFromTppMessages, relocateFieldErrors } from "./field-errors";
import { emptyTransfer } from "./form-fields";
import type { PaymentDraft, PaymentFormContext, PaymentFormValues, PaymentSubmitOutcome } from "./payment-form-types";

/**
 * The form's schema for Conform: its values go through buildPaymentDraft, whose issues (lib/psd2's
 * among them) land on their fields; the output is the PaymentDraft.
 */
export function createPaymentFormSchema(context: PaymentFormContext) {
  return createConformSchema((values): FormJudgement<PaymentDraft> => {
    const result = buildPaymentDraft(values, context);
    return result.ok ? { ok: true, value: result.draft } : { ok: false, issues: result.issues, formErrors: result.formErrors };
  });
}

/** The form's FormData parsed by Conform with the form's schema: a submission whose value is the PaymentDraft. */
export function parsePaymentForm(
  formData: FormData | URLSearchParams,
  context: PaymentFormContext,
): Submission<PaymentFormValues, string[], PaymentDraft> {
  return parseConformForm(formData, createPaymentFormSchema(context));
}

/**
 * The form's values sent back as they were posted, with a message for the form as a whole: for a
 * failure before the values could be judged (the debtor could not be read at the bank).
 */
export function replyWithFormError(formData: FormData | URLSearchParams, message: string): SubmissionResult<string[]> {
  return withBulkRow(
    parseWithZod(formData, { schema: z.record(z.string(), z.unknown()), disableAutoCoercion: true }).reply({ formErrors: [message] }),
  );
}

/**
 * A reply whose values hold at least one bulk row: the rows are on the page for a bulk payment
 * only, so a reply to another kind carries none, and a PSU who then chooses bulk (without
 * JavaScript, through the server) would get a bulk without a row to fill.
 */
export function withBulkRow(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const values = result.initialValue;
  if (values === undefined || values === null) return result;
  const rows = values.payments;
  if (Array.isArray(rows) && rows.length > 0) return result;
  const product = typeof values.product === "string" && isPaymentProduct(values.product) ? values.product : undefined;
  return { ...result, initialValue: { ...values, payments: [emptyTransfer(product)] } };
}

/** The state the Server Action gives back to the form: Conform's reply, and the bank's answer when it was asked. */
export interface PaymentFormState {
  readonly submission: SubmissionResult<string[]> | undefined;
  /** Set when the payment was sent and the bank did not take it (or a duplicate needs a yes). */
  readonly outcome?: PaymentSubmitOutcome | undefined;
}

export const INITIAL_PAYMENT_FORM_STATE: PaymentFormState = { submission: undefined };

/**
 * The form's state after the bank answered a valid payment without taking it: a rejection's
 * tppMessages on the fields their paths name (or the field that shows them: a KID's error on the
 * message-or-KID choice while a message is chosen) and the rest as the form's errors (with their
 * codes); a duplicate or a failure as they are, for the form to show above its button.
 */
export function replyWithOutcome(
  submission: Submission<PaymentFormValues, string[], PaymentDraft>,
  draft: PaymentDraft,
  outcome: PaymentSubmitOutcome,
  context: Pick<PaymentFormContext, "accounts" | "cards">,
): PaymentFormState {
  if (outcome.kind !== "rejected") return { submission: withBulkRow(submission.reply()), outcome };
  const { fieldErrors, formErrors } = fieldErrorsFromTppMessages(outcome.tppMessages, {
    product: draft.product,
    debtorTyped: isDebtorTyped(context),
  });
  return {
    submission: withBulkRow(submission.reply({ fieldErrors: relocateFieldErrors(fieldErrors, submission.payload), formErrors })),
    outcome,
  };
}
