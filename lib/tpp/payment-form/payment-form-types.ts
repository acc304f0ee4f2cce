// The types of the payment form's model. Pure: this folder runs in the browser as well as on the
// server, so it imports lib/psd2, zod and Conform only (and types of lib/tpp).
import type { PaymentProduct, PaymentService } from "../../psd2/schemas";
import type { FormIssue, TppMessageLike } from "../forms/tpp-message-fields";
import type { PayerIdentity } from "../pis/pis-types";

/** What the form calls the payment services: single → payments, periodic, bulk. */
export type PaymentKind = "single" | "periodic" | "bulk";

/** A consented account the PSU can pay from, as the page hands it to the form. */
export interface PayingAccount {
  /** The bank's resourceId. */
  readonly id: string;
  readonly name: string | undefined;
  readonly bban: string | undefined;
  readonly iban: string | undefined;
  readonly currency: string;
}

/**
 * A consented card account. It pays single Norwegian domestic transfers only, through
 * `debtorAccount.other` whose identification is `paymentReference` (the card account's
 * relatedAccount); a card without it cannot pay.
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, debtorAccount.other
 */
export interface PayingCard {
  readonly id: string;
  readonly name: string | undefined;
  readonly maskedPan: string;
  readonly currency: string;
  readonly paymentReference: string | undefined;
}

/** What the form's values are judged against besides themselves. */
export interface PaymentFormContext {
  /** The bank's date today, YYYY-MM-DD (execution dates run from today to a year ahead). */
  readonly today: string;
  readonly accounts: readonly PayingAccount[];
  readonly cards: readonly PayingCard[];
  /** Whether the PSU acts for a company (PSU-Context CORPORATE): bulk payments are offered then only. */
  readonly corporate: boolean;
  /** Whether the user has a PSU-ID (an SCA done earlier); without one, the single-SCA journey. */
  readonly hasPsuId: boolean;
}

/** A payment the form describes, valid by lib/psd2's parsePaymentRequest. */
export interface PaymentDraft {
  readonly service: PaymentService;
  readonly product: PaymentProduct;
  /** The wire body of POST /v1/{service}/{product}. */
  readonly body: Record<string, unknown>;
  readonly payer: PayerIdentity;
  readonly debtor: { readonly accountId?: string; readonly cardAccountId?: string; readonly label: string };
}

/**
 * One thing wrong with the form: the field it belongs to (undefined: the form as a whole), its code
 * (lib/psd2's, such as FORMAT_ERROR, KID_INVALID, EXECUTION_DATE_INVALID, or the form's own,
 * FORM_INVALID) and message.
 */
export type PaymentFormIssue = FormIssue;

export type PaymentDraftResult =
  | { readonly ok: true; readonly draft: PaymentDraft }
  | {
      readonly ok: false;
      /** Messages by field name (the field names are the wire body's JSON paths). */
      readonly fieldErrors: Record<string, string[]>;
      readonly formErrors: string[];
      /** The same, each with its code. */
      readonly issues: readonly PaymentFormIssue[];
    };

export type { TppMessageLike };

/**
 * What submitting a valid payment gives when the browser is not sent to the bank: the contract of
 * lib/tpp/payments/submit-payment, repeated here so that the form is typed without it.
 */
export type PaymentSubmitOutcome =
  | {
      readonly kind: "rejected";
      readonly status: number;
      readonly tppMessages: readonly TppMessageLike[];
      readonly psuMessage?: string | undefined;
      readonly requestId: string;
    }
  | {
      readonly kind: "duplicate";
      readonly message: string;
      readonly requestId: string;
      /**
       * Set when the app itself holds the payment back: an identical one was sent at this instant
       * (ISO 8601) and its answer was not received, so the bank may have it.
       */
      readonly unansweredSince?: string;
    }
  | { readonly kind: "failed"; readonly title: string; readonly summary: string; readonly requestId?: string | undefined };

/** One credit transfer's fields as the form holds them (strings, nested as in the wire body). */
// Type aliases, not interfaces: Conform needs them assignable to Record<string, unknown>.
export type TransferFormValues = {
  creditorName?: string;
  creditorAccount?: { bban?: string; iban?: string; currency?: string };
  creditorAgent?: string;
  creditorAddress?: { street?: string; buildingNumber?: string; postalCode?: string; city?: string; country?: string };
  instructedAmount?: { amount?: string; currency?: string };
  /** "message" or "kid". */
  remittance?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationStructuredArray?: { reference?: string }[];
  purposeCode?: string;
  ultimateDebtor?: string;
  endToEndIdentification?: string;
};

/**
 * The form's values: every field by its name, the wire ones at their JSON paths. What the model
 * reads; anything else posted is ignored, and any field may be missing.
 */
export type PaymentFormValues = TransferFormValues & {
  product?: string;
  /** single, periodic or bulk. */
  kind?: string;
  /** "account:<id>" or "card:<id>". */
  debtor?: string;
  /** Typed in when the user shares no account. */
  debtorAccount?: { bban?: string; iban?: string; currency?: string };
  /** psu-id, national-id or single-sca. */
  payer?: string;
  psuContext?: string;
  nationalId?: string;
  requestedExecutionDate?: string;
  /** A checkbox: "on" when ticked. */
  batchBookingPreferred?: string;
  startDate?: string;
  endDate?: string;
  frequency?: string;
  executionRule?: string;
  dayOfExecution?: string;
  monthsOfExecution?: string[];
  payments?: TransferFormValues[];
  /** "true" to send a logical duplicate anyway. */
  allowLogicalDuplicate?: string;
};
