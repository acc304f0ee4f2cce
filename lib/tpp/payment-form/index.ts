// The payment form's model (/payments/new): pure, for the browser and the server alike. The form's
// field names are the wire body's JSON paths, so lib/psd2's and the bank's tppMessages land on
// the fields they name.
export { isDebtorTyped } from "./build-payment-draft";
export { sumAmountsByCurrency } from "./decimal";
export {
  CONTROL_FIELDS,
  emptyTransfer,
  FREQUENCY_CHOICES,
  isNorwegianProduct,
  KIND_CHOICES,
  MONTH_CHOICES,
  PRODUCT_CHOICES,
  PURPOSE_CHOICES,
} from "./form-fields";
export {
  INITIAL_PAYMENT_FORM_STATE,
  parsePaymentForm,
  replyWithFormError,
  replyWithOutcome,
  withBulkRow,
  type PaymentFormState,
} from "./payment-form-schema";
export { pathOfField } from "../forms/conform-schema";
export type { PayingAccount, PayingCard, PaymentDraft, PaymentFormContext, PaymentFormValues, PaymentKind } from "./payment-form-types";
export { normalizeAmount, textAt } from "./read-form-values";
