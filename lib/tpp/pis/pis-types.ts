/**
 * The app's types for payment initiation: what pages and flows get from lib/tpp/pis, reshaped
 * from the wire. Amounts stay decimal strings with their currency.
 */
import type { BasketTransactionStatus, PaymentProduct, PaymentService, PsuContext, TransactionStatus } from "../../psd2/schemas";
import type { Money } from "../ais/ais-types";
import type { ScaStart } from "../psu/psu-types";

/** Where a payment lives at the bank: /v1/{service}/{product}/{paymentId}. */
export interface PaymentRef {
  readonly service: PaymentService;
  readonly product: PaymentProduct;
  readonly paymentId: string;
}

/**
 * How the PSU is named when a payment is initiated:
 * - `psu-id`: the PSU-ID of the user's last SCA (with PSU-Corporate-ID in a corporate context);
 * - `national-id`: X-PSU-IDENTITY (a Norwegian national identity or D-number) instead of PSU-ID;
 * - `single-sca`: no PSU-ID yet (a PISP-only PSU): PSU-Context, and the one SCA both identifies
 *   the PSU and approves the payment; its success redirect carries the new psu-id.
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/payments.md#payments-in-the-sandbox
 */
export type PayerIdentity =
  | { readonly kind: "psu-id" }
  | { readonly kind: "national-id"; readonly nationalId: string }
  | { readonly kind: "single-sca"; readonly context: PsuContext };

/** A payment to initiate: its service, product, the wire body and who pays. */
export interface PaymentInitiationRequest {
  readonly service: PaymentService;
  readonly product: PaymentProduct;
  /** The wire body (valid by lib/psd2's parsePaymentRequest); serialised once, as sent. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly payer: PayerIdentity;
  /** allowLogicalDuplicate=true: the PSU chose to send a logical duplicate anyway. */
  readonly allowLogicalDuplicate?: boolean;
  /** The X-Request-ID to send, written down beforehand with the payment's intent (lib/tpp/payments/send-with-intent.ts). */
  readonly requestId?: string;
}

/** What the PSU must do to approve a payment the bank just created. */
export type PaymentAuthorisationStep =
  /** Norwegian domestic and instant: POST this link (empty body) to start the SCA. */
  | { readonly kind: "start-authorisation"; readonly href: string }
  /** SEPA: the bank started the SCA itself (implicit start): send the PSU to scaRedirect. */
  | { readonly kind: "sca-redirect"; readonly scaStart: ScaStart }
  /** Neither link: the bank needs no SCA for it (exempted). */
  | { readonly kind: "none" };

/** The bank's 201 to a payment initiation. */
export interface InitiatedPayment {
  readonly ref: PaymentRef;
  readonly status: TransactionStatus;
  /** transactionFees: the total fee (instant payments). */
  readonly fees: Money | undefined;
  readonly feeIndicator: boolean | undefined;
  readonly authorisation: PaymentAuthorisationStep;
  /** WARNING tppMessages (e.g. the deprecated remittanceInformationStructured). */
  readonly warnings: readonly { readonly code: string; readonly path: string | undefined; readonly text: string | undefined }[];
  readonly psuMessage: string | undefined;
  /** X-Request-ID of the initiation. */
  readonly requestId: string;
  /** The body exactly as sent (JSON text), to keep with the payment. */
  readonly sentBody: string;
}

/** An SCA started for a payment (POST startAuthorisation): where to send the PSU. */
export interface PaymentScaStart extends ScaStart {
  readonly authorisationId: string | undefined;
}

/** GET .../status. fundsAvailable false: rejected for lack of funds. */
export interface PaymentStatus {
  readonly status: TransactionStatus;
  readonly fundsAvailable: boolean | undefined;
  readonly psuMessage: string | undefined;
}

/** One credit transfer of a payment (a bulk has several). */
export interface PaymentTransfer {
  readonly amount: Money | undefined;
  readonly creditorName: string | undefined;
  /** The creditor's BBAN or IBAN, as sent. */
  readonly creditorAccount: string | undefined;
  readonly creditorAgent: string | undefined;
  readonly remittanceInformation: string | undefined;
  /** KID/OCR references. */
  readonly structuredReferences: readonly string[];
  readonly endToEndIdentification: string | undefined;
}

/** The schedule of a periodic payment. */
export interface PaymentSchedule {
  readonly startDate: string;
  readonly endDate: string | undefined;
  readonly frequency: string;
  readonly executionRule: string | undefined;
  readonly dayOfExecution: string | undefined;
  readonly monthsOfExecution: readonly string[] | undefined;
}

/** GET /v1/{service}/{product}/{paymentId}: the request echoed, with its status. */
export interface PaymentDetails {
  readonly ref: PaymentRef;
  readonly status: TransactionStatus;
  readonly fundsAvailable: boolean | undefined;
  /** The debtor's BBAN, IBAN, or card account reference, as sent. */
  readonly debtorAccount: string | undefined;
  readonly requestedExecutionDate: string | undefined;
  readonly transfers: readonly PaymentTransfer[];
  readonly schedule: PaymentSchedule | undefined;
  readonly batchBookingPreferred: boolean | undefined;
}

/** GET .../instant-norwegian-credit-transfers-straks/fee-information. */
export interface InstantFeeInformation {
  readonly fee: Money;
  readonly feeIndicator: boolean;
}

/** The bank's 201 to a signing basket. */
export interface CreatedSigningBasket {
  readonly basketId: string;
  readonly status: BasketTransactionStatus;
  /** The link to POST to start the basket's one SCA. */
  readonly startAuthorisation: string | undefined;
  readonly requestId: string;
}

/** GET /v1/signing-baskets/{basketId}. */
export interface SigningBasketAtBank {
  readonly basketId: string;
  /** The bank's paymentIds of the payments in it. */
  readonly paymentIds: readonly string[];
  /** The worst case of its payments' statuses. */
  readonly status: BasketTransactionStatus;
}
