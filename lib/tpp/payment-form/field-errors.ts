import type { PaymentProduct } from "../../psd2/schemas";
import { collectFormErrors, issueFromTppMessage as placeTppMessage } from "../forms/tpp-message-fields";
import {
  BULK_PAYMENTS,
  CONTROL_FIELDS,
  FREQUENCY_LABELS,
  KID_FIELD,
  PAYMENT_FIELDS,
  TRANSFER_FIELDS,
  isNorwegianProduct,
  labelOfField,
} from "./form-fields";
import type { PaymentFormIssue, TppMessageLike } from "./payment-form-types";
import { textAt } from "./read-form-values";

/** What the mapping of a path needs to know about the form it was sent from. */
export interface FieldMappingOptions {
  /** The product: a whole creditorAccount means its bban (Norwegian) or iban (SEPA). */
  readonly product?: PaymentProduct | undefined;
  /** Whether the debtor account was typed in (no consented accounts) rather than picked. */
  readonly debtorTyped?: boolean | undefined;
}

const TRANSFER_SET: ReadonlySet<string> = new Set(TRANSFER_FIELDS);
const PAYMENT_SET: ReadonlySet<string> = new Set(PAYMENT_FIELDS);
const ROW = /^payments\[(\d+)\](?:\.(.*))?$/;

/** The transfer field that a path inside one credit transfer names (relative to the transfer). */
function transferField(path: string, options: FieldMappingOptions): string | undefined {
  if (TRANSFER_SET.has(path)) return path;
  const head = path.split(/[.[]/, 1)[0];
  switch (head) {
    case "remittanceInformationStructuredArray":
    case "remittanceInformationStructured":
      return KID_FIELD;
    case "instructedAmount":
      return "instructedAmount.amount";
    case "creditorAccount":
      return options.product !== undefined && !isNorwegianProduct(options.product) ? "creditorAccount.iban" : "creditorAccount.bban";
    case "creditorAddress":
      return "creditorAddress.country";
    default:
      return undefined;
  }
}

/** The field of the payment as a whole that a path names. */
function paymentField(path: string, options: FieldMappingOptions): string | undefined {
  if (path.startsWith("debtorAccount")) {
    if (options.debtorTyped !== true) return CONTROL_FIELDS.debtor;
    if (PAYMENT_SET.has(path)) return path;
    return options.product !== undefined && !isNorwegianProduct(options.product) ? "debtorAccount.iban" : "debtorAccount.bban";
  }
  if (path.startsWith("monthsOfExecution")) return "monthsOfExecution";
  if (PAYMENT_SET.has(path)) return path;
  // Headers the bank names in `path` (docs/interface/errors.md#statuses-by-code names PSU-Corporate-ID there).
  switch (path.toLowerCase()) {
    case "psu-context":
      return CONTROL_FIELDS.psuContext;
    case "x-psu-identity":
      return CONTROL_FIELDS.nationalId;
    default:
      return undefined;
  }
}

/**
 * The form field that a tppMessage's path names (lib/psd2 and the bank write paths alike:
 * `creditorAccount.bban`, `payments[1].instructedAmount.amount`); a path inside a field's value
 * goes to that field (`monthsOfExecution[3]` to monthsOfExecution, `instructedAmount` to its
 * amount), debtorAccount to the debtor's picker unless it was typed in. Undefined when the path
 * names no field of the form: the message then belongs to the form as a whole.
 * @see docs/interface/errors.md#statuses-by-code
 */
export function fieldNameForPath(path: string | undefined, options: FieldMappingOptions = {}): string | undefined {
  if (path === undefined || path === "") return undefined;
  const row = ROW.exec(path);
  if (row !== null) {
    if (row[2] === undefined) return BULK_PAYMENTS;
    const field = transferField(row[2], options);
    return field === undefined ? BULK_PAYMENTS : `${BULK_PAYMENTS}[${row[1]}].${field}`;
  }
  return transferField(path, options) ?? paymentField(path, options);
}

/** A form-level message: the code, then the text (which names the field when there is one). */
function formMessage(message: TppMessageLike): string {
  const text = message.text ?? message.path ?? "";
  const warning = message.category === "WARNING" ? "Warning " : "";
  return text === "" ? `${warning}${message.code}` : `${warning}${message.code}: ${text}`;
}

/**
 * The issue of a tppMessage: at the field its path names, else the form's. WARNINGs are never a
 * field's error. When the path is the field's own, the field's label replaces it at the head of
 * the text ("Recipient's name is 71 characters long; ...").
 */
export function issueFromTppMessage(message: TppMessageLike, options: FieldMappingOptions = {}): PaymentFormIssue {
  const issue = placeTppMessage(
    message,
    ({ path }) => {
      const field = fieldNameForPath(path, options);
      return field === undefined ? undefined : { field, label: path === field ? labelOfField(field) : undefined };
    },
    formMessage,
  );
  const plain = issue.field === undefined ? undefined : BANK_RULE_WORDS[message.code];
  if (plain !== undefined) return { ...issue, message: `${plain} (the bank: ${message.code})` };
  return issue.field === undefined ? issue : { ...issue, message: inFormWords(issue.message) };
}

/**
 * The schedule rules' texts name other fields and codes by their wire names ("before startDate
 * 2025-06-01", "when frequency is MonthlyVariable"); on the form they read as the form says them.
 */
const WIRE_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/, before startDate (\d{4}-\d\d-\d\d)$/, `, before the ${labelOfField("startDate").toLowerCase()} ($1)`],
  [/ when frequency is MonthlyVariable$/, ` when ${labelOfField("frequency")} is “${FREQUENCY_LABELS.MonthlyVariable}”`],
];

function inFormWords(text: string): string {
  return WIRE_PHRASES.reduce((words, [phrase, replacement]) => words.replace(phrase, replacement), text);
}

/**
 * Plain words, on the field, for the rules only the bank can judge (its own data decides them):
 * the bank's text names wire paths, which mean nothing to the PSU.
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
const BANK_RULE_WORDS: Readonly<Record<string, string>> = {
  KID_MISSING: "The recipient's account only takes payments with a KID: choose KID and type the KID from the invoice.",
};

/**
 * The bank's tppMessages (a 400 to a payment initiation) on the fields their paths name; those
 * naming no field of the form, and WARNINGs, as form-level messages with their codes.
 * @see docs/interface/errors.md#statuses-by-code
 */
export function fieldErrorsFromTppMessages(
  tppMessages: readonly TppMessageLike[],
  options: FieldMappingOptions = {},
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  return collectFormErrors(tppMessages.map((message) => issueFromTppMessage(message, options)));
}

const REMITTANCE_FIELD =
  /^((?:payments\[\d+\]\.)?)(remittanceInformationStructuredArray\[0\]\.reference|remittanceInformationUnstructured|creditorAgent)$/;

/**
 * The field that shows a message about `field` with the form's values as they are: the KID's
 * error goes to the message-or-KID choice while a message is chosen (the KID field is not shown
 * then), the message's while the KID is chosen, and creditorAgent's to the account's currency
 * while that is NOK (the BIC field is shown for a currency account only). So a bank's message
 * about a field the PSU cannot see (a KID_MISSING on a payment with a message) is still seen.
 */
export function visibleFieldFor(field: string, values: unknown): string {
  const match = REMITTANCE_FIELD.exec(field);
  if (match === null) return field;
  const prefix = match[1] ?? "";
  const row = prefix === "" ? [] : ["payments", Number(/\d+/.exec(prefix)?.[0])];
  if (match[2] === "creditorAgent") {
    const currency = textAt(values, [...row, "creditorAccount", "currency"]);
    return currency === undefined || currency === "NOK" ? `${prefix}creditorAccount.currency` : field;
  }
  const choice = textAt(values, [...row, CONTROL_FIELDS.remittance]);
  const shown = match[2] === KID_FIELD ? choice === "kid" : choice !== "kid";
  return shown || choice === undefined ? field : `${prefix}${CONTROL_FIELDS.remittance}`;
}

/** Field errors moved to the fields that show them (see {@link visibleFieldFor}). */
export function relocateFieldErrors(fieldErrors: Record<string, string[]>, values: unknown): Record<string, string[]> {
  const moved: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const list = (moved[visibleFieldFor(field, values)] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return moved;
}
