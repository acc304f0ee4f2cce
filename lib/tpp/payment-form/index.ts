// The payment form's model (/payments/new): pure, for the browser and the server alike. The form's
// field names are the wire body's JSON paths, so lib/psd2's and the bank's tppMessages land on
// the fields they name.
export { buildPaymentDraft, isDebtorTyped } from "./build-payment-draft";
export { addDecimalStrings, sumAmountsByCurrency, type CurrencyTotal } from "./decimal";
export {
  fieldErrorsFromTppMessages,
  fieldNameForPath,
  issueFromTppMessage,
  relocateFieldErrors,
  visibleFieldFor,
  type FieldMappingOptions,
} from "./field-errors";
export {
  BULK_PAYMENTS,
  CONTROL_FIELDS,
  emptyTransfer,
  FIELD_LABELS,
  FREQUENCY_CHOICES,
  FREQUENCY_LABELS,
  isNorwegianProduct,
  isPaymentKind,
  KID_FIELD,
  KIND_CHOICES,
  KIND_SERVICES,
  labelOfField,
  MONTH_CHOICES,
  PAYMENT_FIELDS,
  PAYMENT_KINDS,
  PRODUCT_CHOICES,
  PURPOSE_CHOICES,
  PURPOSE_LABELS,
  rowField,
  TRANSFER_FIELDS,
} from "./form-fields";
export {
  createPaymentFormSchema,
  INITIAL_PAYMENT_FORM_STATE,
  parsePaymentForm,
  replyWithFormError,
  replyWithOutcome,
  withBulkRow,
  type PaymentFormState,
} from "./payment-form-schema";
export { pathOfField } from "../forms/conform-schema";
export type {
  PayingAccount,
  PayingCard,
  PaymentDraft,
  PaymentDraftResult,
  PaymentFormContext,
  PaymentFormIssue,
  PaymentFormValues,
  PaymentKind,
  PaymentSubmitOutcome,
  TppMessageLike,
  TransferFormValues,
} from "./payment-form-types";
export { normalizeAmount, normalizeBban, normalizeBic, normalizeDigits, normalizeIbanInput, textAt, valueAt } from "./read-form-values";
