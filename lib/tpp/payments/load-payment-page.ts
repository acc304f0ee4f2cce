import "server-only";
import { isAppId } from "../app-id";
import { getAspspContext } from "../aspsp/aspsp-context";
import { requireCurrentUser } from "../auth/get-current-user";
import { getTppConfig } from "../config";
import type { ErrorDisplay } from "../describe-error";
import { findLatestFlowOf } from "../flow-diagrams/flow-queries";
import type { ScaFailureExplanation } from "../flows/explain-sca-failure";
import { signedScaFailure } from "../flows/failure-signature";
import { loadForPage } from "../flows/load-for-page";
import { KIND_CHOICES, PRODUCT_CHOICES, PURPOSE_LABELS } from "../payment-form/form-fields";
import type { PaymentDetails } from "../pis/pis-types";
import { firstValue, type PageQuery } from "../page-query";
import { getRecordRetention, isPastRecordRetention } from "../retention/record-retention";
import { getTppRuntime } from "../runtime";
import { ownValue } from "../../psd2/lookup/own-value";
import { isCancellableStatus, isFinalStatus, isSettledStatus } from "./payment-lifecycle";
import type { PaymentRecord, PaymentStatusReadRecord } from "./payments-repository";
import { readPaymentAtBank, refOf } from "./read-payment-at-bank";
import { storedPaymentDetails } from "./stored-payment-details";
import { paymentPagePath } from "./submit-payment";

/** Everything the payment page shows, read at once. */
export interface PaymentPageView {
  /** The payment as kept, with the status just read when the bank answered. */
  readonly record: PaymentRecord;
  /** The page's own address, where the bank's approval and a retry come back to. */
  readonly returnTo: string;
  /** Why the bank could not be read (the page shows what the app keeps, and this). */
  readonly bankError: ErrorDisplay | undefined;
  /** The bank does not show a domestic payment before its approval (the known issue). */
  readonly hiddenByKnownIssue: boolean;
  /** The bank's details, or the payment as it was sent when the bank gave none. */
  readonly details: PaymentDetails | undefined;
  /** Whether `details` are the bank's (else they are the request as sent). */
  readonly detailsFromBank: boolean;
  /** Each status the bank told, oldest first (the one just read among them). */
  readonly history: readonly PaymentStatusReadRecord[];
  /** The payment's latest flow diagram, when it is still kept. */
  readonly flowId: string | undefined;
  /** The retention period ("30 days"), and whether this payment's calls and flows are past it. */
  readonly retentionPeriod: string;
  readonly recordsDeleted: boolean;
  /** "Domestic credit transfer", "Single payment": the form's words for the product and kind. */
  readonly productTitle: string;
  readonly kindTitle: string;
  /** The purpose code as sent, with its words: "Salary (SALA)". */
  readonly purpose: string | undefined;
  /** The request body as sent, indented when it is JSON. */
  readonly requestBody: string;
  readonly status: {
    readonly settled: boolean;
    readonly final: boolean;
    readonly cancellable: boolean;
    /** The payment may be approved from this page (received, and not in a signing basket). */
    readonly approvable: boolean;
  };
  /** What the address tells of the step just taken. */
  readonly notices: {
    /** The bank's refusal of the approval, in a query the app signed (a link made elsewhere shows none). */
    readonly scaFailure: ScaFailureExplanation | undefined;
    readonly cancelled: boolean;
    readonly approvalNotStarted: boolean;
  };
}

const SERVICE_KIND = { payments: "single", "periodic-payments": "periodic", "bulk-payments": "bulk" } as const;

/** The request body as sent, read once: indented for the page, and its purpose code. */
function readRequestBody(body: string): { text: string; purposeCode: string | undefined } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { text: body, purposeCode: undefined };
  }
  const code = typeof parsed === "object" && parsed !== null && "purposeCode" in parsed ? parsed.purposeCode : undefined;
  return { text: JSON.stringify(parsed, null, 2), purposeCode: typeof code === "string" ? code : undefined };
}

/**
 * The payment page's view: the payment as kept, its status and details read at the bank, its
 * status history (read after the bank's status is kept) and its flow (asked for meanwhile).
 * Undefined when the id is not one the app makes, or the user has no payment of this id.
 * @see docs/interface/payments.md#status-and-details; docs/interface/states.md#domestic-payment-before-approval
 */
export async function loadPaymentPage(id: string, query: PageQuery): Promise<PaymentPageView | undefined> {
  if (!isAppId(id)) return undefined;
  const returnTo = paymentPagePath(id);
  const user = await requireCurrentUser(returnTo);
  const { payments } = await getTppRuntime();
  const stored = await payments.findById(user.id, id);
  if (stored === undefined) return undefined;

  // The history waits for the bank's status (it is kept there); the flow does not.
  const [[result, history], flow] = await Promise.all([
    loadForPage(returnTo, async () => readPaymentAtBank(await getAspspContext({ returnTo }), payments, stored, { withDetails: true })).then(
      async (loaded) => [loaded, await payments.history(user.id, id)] as const,
    ),
    findLatestFlowOf(user.id, "payment", stored.paymentId),
  ]);
  const atBank = result.ok ? result.value : undefined;
  const record = atBank?.record ?? stored;
  const retention = getRecordRetention();
  const body = readRequestBody(record.requestBody);
  const inBasket = record.signingBasketId !== null;
  return {
    record,
    returnTo,
    bankError: result.ok ? undefined : result.error,
    hiddenByKnownIssue: atBank?.hiddenByKnownIssue === true,
    details: atBank?.details ?? storedPaymentDetails(refOf(record), record.status, record.requestBody),
    detailsFromBank: atBank?.details !== undefined,
    history,
    flowId: flow?.id,
    retentionPeriod: retention.period,
    // Its flow and calls are kept for the retention period: an older payment's may be gone.
    recordsDeleted: flow === undefined && isPastRecordRetention(record.createdAt, retention.days),
    productTitle: PRODUCT_CHOICES.find((choice) => choice.value === record.product)?.title ?? record.product,
    kindTitle: KIND_CHOICES.find((choice) => choice.value === SERVICE_KIND[record.service])?.title ?? record.service,
    purpose:
      body.purposeCode === undefined
        ? undefined
        : `${ownValue(PURPOSE_LABELS, body.purposeCode) ?? body.purposeCode} (${body.purposeCode})`,
    requestBody: body.text,
    status: {
      settled: isSettledStatus(record.service, record.status),
      final: isFinalStatus(record.status),
      cancellable: isCancellableStatus(record.status),
      approvable: record.status === "RCVD" && !inBasket,
    },
    notices: {
      scaFailure: signedScaFailure(query, returnTo, getTppConfig().sessionSecret),
      cancelled: firstValue(query.cancelled) === "1" && record.status === "CANC",
      approvalNotStarted: firstValue(query.approval) === "not-started" && record.status === "RCVD",
    },
  };
}
