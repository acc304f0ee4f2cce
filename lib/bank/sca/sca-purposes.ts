/**
 * What each kind of SCA journey adds to the shared steps (login, then the context choice for a
 * customer with agreements): its own page, what confirming it stores, what a failure undoes.
 * The payment and basket approvals (payment-purpose.ts, basket-purpose.ts) plug in here too.
 */
import type { Psd2ErrorCode } from "../../psd2/errors/error-codes";
import type { Executor } from "../db/open-bank-database";
import type { AuthorisationPurpose, AuthorisationRecord } from "../repositories/authorisations-repository";
import type { CustomerRecord } from "../repositories/customers-repository";
import type { PsuContextChoice } from "../services/account-information/account-scope";
import { basketPurpose } from "./basket-purpose";
import { consentPurpose } from "./consent-purpose";
import { paymentPurpose } from "./payment-purpose";
import type { JourneyPageFrame } from "./pages/render-journey-page";

/** Submitted form fields, each as the list of its values. */
export type FormFields = Readonly<Record<string, readonly string[]>>;

/** What confirming a purpose's page comes to. */
export type ConfirmOutcome = { ok: true } | { ok: false; error: string } | { ok: false; failure: { code: Psd2ErrorCode; message: string } };

/** A journey after login and context: who, for whom, in which context. */
export type PurposeState = {
  authorisation: AuthorisationRecord;
  tppName: string;
  customer: CustomerRecord;
  choice: PsuContextChoice;
};

export type PurposePageInput = PurposeState & {
  bankName: string;
  formAction: string;
  token: string;
  requester: JourneyPageFrame["requester"];
  steps: JourneyPageFrame["steps"];
  error?: string;
};

export type ScaPurposeHandler = {
  /** What the TPP asks, after its name: "wants to read your account information". */
  request: string;
  /** The label of the purpose's own step in the progress list, when it has a page. */
  stepLabel?: string;
  /** The purpose's own page (the form's step is "purpose", its primary action "confirm"). */
  renderStep?(db: Executor, input: PurposePageInput): Promise<string>;
  /**
   * Stores what the page confirmed, inside the transaction that completes the SCA; or a text to
   * show on the page again; or a failure that ends the journey with the failure redirect (the
   * transaction is rolled back first, then onFailure runs with the failure's code).
   */
  confirmStep?(tx: Executor, state: PurposeState, fields: FormFields, now: Date): Promise<ConfirmOutcome>;
  /** The bank's browser session (a login within 15 minutes) stands in for the login step. */
  reusesLogin?: boolean;
  /** Runs inside the transaction that records a failed SCA (cancelled, expired, credentials). */
  onFailure?(tx: Executor, authorisation: AuthorisationRecord, failure: { code: string; message: string }, now: Date): Promise<void>;
};

/** GET /v1/users and /v1/user: an SCA whose only aim is the psu-id (and the context). @see docs/interface/endpoints.md#success-statuses */
const identifyPurpose: ScaPurposeHandler = { request: "wants to confirm who you are" };

/** The handler of each purpose; a purpose without one cannot be completed yet. */
export const SCA_PURPOSES: Partial<Record<AuthorisationPurpose, ScaPurposeHandler>> = {
  consent: consentPurpose,
  identify: identifyPurpose,
  payment: paymentPurpose,
  basket: basketPurpose,
};
