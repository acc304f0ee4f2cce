// The payment form's fields. A field that goes into the wire body is named by its JSON path in that
// body (creditorAccount.bban, payments[1].instructedAmount.amount), written as lib/psd2 writes a
// tppMessage's path, so that an error of lib/psd2 or of the bank lands on the field it names. The
// form's own choices (product, kind, who pays, ...) have names that no wire body uses.
import type { PaymentProduct, PaymentService } from "../../psd2/schemas";
import { FREQUENCY_CODES, PURPOSE_CODES, type FrequencyCode, type PurposeCode } from "../../psd2/validation";
import type { PaymentKind, TransferFormValues } from "./payment-form-types";
import { ownValue } from "../../psd2/lookup/own-value";

/** The names of the form's own fields (not part of the wire body). */
export const CONTROL_FIELDS = {
  product: "product",
  kind: "kind",
  /** "account:<id>" or "card:<id>": the debtor picked from the consented accounts. */
  debtor: "debtor",
  /** "psu-id", "national-id" or "single-sca". */
  payer: "payer",
  /** PRIVATE or CORPORATE, for the single-SCA journey. */
  psuContext: "psuContext",
  /** X-PSU-IDENTITY: 11 digits. */
  nationalId: "nationalId",
  /** "message" or "kid", per payment (payments[i].remittance in a bulk). */
  remittance: "remittance",
  /** "true" on the button that sends a logical duplicate anyway. */
  allowLogicalDuplicate: "allowLogicalDuplicate",
  /** "now" (to the bank at once) or "later" (kept waiting, to sign with others in a signing basket). */
  approval: "approval",
} as const;

/** The path of a bulk's payments in the wire body, and so the prefix of a row's fields. */
export const BULK_PAYMENTS = "payments";

/** The KID's field: the first structured reference (its referenceType is always KID). */
export const KID_FIELD = "remittanceInformationStructuredArray[0].reference";

/** The fields of one credit transfer: top-level in a single or periodic payment, under payments[i] in a bulk. */
export const TRANSFER_FIELDS = [
  "creditorName",
  "creditorAccount.bban",
  "creditorAccount.iban",
  "creditorAccount.currency",
  "creditorAgent",
  "creditorAddress.street",
  "creditorAddress.buildingNumber",
  "creditorAddress.postalCode",
  "creditorAddress.city",
  "creditorAddress.country",
  "instructedAmount.amount",
  "instructedAmount.currency",
  CONTROL_FIELDS.remittance,
  "remittanceInformationUnstructured",
  KID_FIELD,
  "purposeCode",
  "ultimateDebtor",
  "endToEndIdentification",
] as const;

/** The fields of the payment as a whole. */
export const PAYMENT_FIELDS = [
  CONTROL_FIELDS.product,
  CONTROL_FIELDS.kind,
  CONTROL_FIELDS.debtor,
  "debtorAccount.bban",
  "debtorAccount.iban",
  "debtorAccount.currency",
  CONTROL_FIELDS.payer,
  CONTROL_FIELDS.psuContext,
  CONTROL_FIELDS.nationalId,
  "requestedExecutionDate",
  "batchBookingPreferred",
  "startDate",
  "endDate",
  "frequency",
  "executionRule",
  "dayOfExecution",
  "monthsOfExecution",
  BULK_PAYMENTS,
] as const;

/** What each field is called on the page; a message about a field starts with it. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  product: "Kind of transfer",
  kind: "Payment type",
  debtor: "Pay from",
  "debtorAccount.bban": "Your account number",
  "debtorAccount.iban": "Your IBAN",
  "debtorAccount.currency": "Your account's currency",
  payer: "Who pays",
  psuContext: "Pay as",
  nationalId: "National identity number",
  requestedExecutionDate: "Payment date",
  batchBookingPreferred: "One entry on your statement",
  startDate: "First payment",
  endDate: "Last payment",
  frequency: "How often",
  executionRule: "When the day is not a banking day",
  dayOfExecution: "Day of the month",
  monthsOfExecution: "Months",
  payments: "Payments",
  creditorName: "Recipient's name",
  "creditorAccount.bban": "Recipient's account number",
  "creditorAccount.iban": "Recipient's IBAN",
  "creditorAccount.currency": "Recipient's account currency",
  creditorAgent: "Recipient's bank (BIC)",
  "creditorAddress.street": "Street",
  "creditorAddress.buildingNumber": "Building number",
  "creditorAddress.postalCode": "Postal code",
  "creditorAddress.city": "City",
  "creditorAddress.country": "Country",
  "instructedAmount.amount": "Amount",
  "instructedAmount.currency": "Currency",
  remittance: "Message or KID",
  remittanceInformationUnstructured: "Message",
  [KID_FIELD]: "KID",
  purposeCode: "Purpose",
  ultimateDebtor: "Paid on behalf of",
  endToEndIdentification: "End-to-end reference",
};

const ROW_PREFIX = /^payments\[(\d+)\]\./;

/** A field's label; a bulk row's field is named with its row ("Payment 2: Amount"). */
export function labelOfField(field: string): string {
  const row = ROW_PREFIX.exec(field);
  const own = row === null ? field : field.slice(row[0].length);
  const label = ownValue(FIELD_LABELS, own) ?? own;
  return row === null ? label : `Payment ${Number(row[1]) + 1}: ${label}`;
}

/** The payment service of each kind. */
export const KIND_SERVICES: Readonly<Record<PaymentKind, PaymentService>> = {
  single: "payments",
  periodic: "periodic-payments",
  bulk: "bulk-payments",
};

export const PAYMENT_KINDS = ["single", "periodic", "bulk"] as const satisfies readonly PaymentKind[];

export function isPaymentKind(value: unknown): value is PaymentKind {
  return PAYMENT_KINDS.some((kind) => kind === value);
}

/** The products as the page offers them. */
export const PRODUCT_CHOICES: readonly { readonly value: PaymentProduct; readonly title: string; readonly text: string }[] = [
  { value: "norwegian-domestic-credit-transfers", title: "Norwegian transfer", text: "To a Norwegian account number (11 digits)." },
  { value: "sepa-credit-transfers", title: "SEPA transfer", text: "To an IBAN in the SEPA area, usually in euro." },
  {
    value: "instant-norwegian-credit-transfers-straks",
    title: "Instant transfer (straks)",
    text: "To a Norwegian account number; arrives in seconds, for a fee.",
  },
];

/** The kinds as the page offers them; bulk only to a company. */
export const KIND_CHOICES: readonly { readonly value: PaymentKind; readonly title: string; readonly text: string }[] = [
  { value: "single", title: "One payment", text: "Once, now or on a date you choose." },
  { value: "periodic", title: "Repeating payment", text: "A standing order: the same payment on a schedule." },
  { value: "bulk", title: "Bulk payment", text: "Several recipients from one account, for companies." },
];

/** Plain words for each frequency code. @see docs/interface/endpoints.md#success-statuses */
export const FREQUENCY_LABELS: Readonly<Record<FrequencyCode, string>> = {
  Daily: "Every day",
  Weekly: "Every week",
  EveryTwoWeeks: "Every two weeks",
  Monthly: "Every month",
  EveryTwoMonths: "Every two months",
  Quarterly: "Every three months",
  SemiAnnual: "Every six months",
  Annual: "Every year",
  MonthlyVariable: "In the months I choose",
};

/** Every frequency with its words, in the supplement's order. */
export const FREQUENCY_CHOICES = FREQUENCY_CODES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

/** The ISO 20022 names of the purpose codes the spec lists. @see docs/interface/payments.md#norwegian-domestic-credit-transfer */
export const PURPOSE_LABELS: Readonly<Record<PurposeCode, string>> = {
  INVS: "Investment",
  SALA: "Salary",
  IDCP: "Irrevocable debit card payment",
  CASH: "Cash management",
  CORT: "Trade settlement",
  INTC: "Intra-company payment",
  PENS: "Pension",
  SSBE: "Social security benefit",
  SUPP: "Supplier payment",
  TAXS: "Tax",
  TREA: "Treasury",
  VATX: "Value added tax",
  LOAN: "Loan",
  OTHR: "Other",
};

export const PURPOSE_CHOICES = PURPOSE_CODES.map((value) => ({ value, label: PURPOSE_LABELS[value] }));

/** The months of a MonthlyVariable schedule: "1".."12" with their English names. */
export const MONTH_CHOICES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
].map((label, index) => ({ value: String(index + 1), label }));

/** Whether a product is one of the Norwegian ones (BBAN accounts, KID, address required). */
export function isNorwegianProduct(product: PaymentProduct): boolean {
  return product !== "sepa-credit-transfers";
}

/** A new bulk row's values: in euro without an address for SEPA, in kroner in Norway otherwise. */
export function emptyTransfer(product: PaymentProduct | undefined): TransferFormValues {
  return product === "sepa-credit-transfers"
    ? { creditorAccount: { currency: "EUR" }, instructedAmount: { currency: "EUR" }, remittance: "message" }
    : {
        creditorAccount: { currency: "NOK" },
        creditorAddress: { country: "NO" },
        instructedAmount: { currency: "NOK" },
        remittance: "message",
      };
}
