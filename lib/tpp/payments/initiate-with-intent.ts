import "server-only";
import type { AspspContext } from "../aspsp/aspsp-context";
import { describeError } from "../describe-error";
import { TppError } from "../errors";
import { formatWallClock } from "../format-wall-clock";
import type { PaymentDraft, PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import { initiatePayment } from "../pis/initiate-payment";
import type { InitiatedPayment } from "../pis/pis-types";
import {
  type BankIntent,
  type BankIntentsRepository,
  isLogicalDuplicate,
  LOGICAL_DUPLICATE_WINDOW_MS,
  type PaymentKeep,
} from "./bank-intents";
import { submitOutcomeOf } from "./payment-outcomes";
import type { PaymentRecord, PaymentsRepository } from "./payments-repository";
import { sendWithIntent } from "./send-with-intent";
import { summarisePayment } from "./summarise-payment";

/** A payment the bank took and the TPP keeps, with what the PSU must do to approve it. */
export interface KeptPayment {
  readonly record: PaymentRecord;
  readonly initiated: InitiatedPayment;
}

/** "6 Dec 2026, 19:42:07 CET": when a payment was sent, in Norway's time. */
function sentAtWords(intent: BankIntent): string {
  return formatWallClock(intent.sentAt, { timeZone: "Europe/Oslo", time: "seconds", zoneName: true });
}

/** What the PSU is told of a payment sent without a usable answer: what happened, and what to check. */
export function unansweredOutcome(intent: BankIntent, error: unknown): PaymentSubmitOutcome {
  const what = describeError(error)?.title ?? "The bank's answer was not received";
  return {
    kind: "failed",
    title: "Sent, answer not received",
    summary: `${what}: the payment was sent to the bank at ${sentAtWords(intent)}, but no answer the app could use came back, so the bank may have it. It is in the payment list as "sent, answer not received". Look there, and at the account's transactions at the bank, before you send it again: for 10 minutes the app asks you to confirm an identical payment.`,
    requestId: intent.requestId,
  };
}

/**
 * Initiates a payment as a durable intent: refuses (as a duplicate the PSU may confirm) an
 * identical payment sent in the bank's 10-minute duplicate window whose answer was not received;
 * writes the intent down with its X-Request-ID and body; sends it once; keeps the payment (under
 * the intent's id) with the bank's 201. The bank's "no" is the form's outcome, as is a request
 * whose answer did not come (the payment is then listed as "sent, answer not received").
 * @see docs/interface/endpoints.md#payment-creation-operation; docs/interface/payments.md#logical-duplicate
 */
export async function initiateWithIntent(
  repositories: { readonly intents: BankIntentsRepository; readonly payments: PaymentsRepository },
  ctx: AspspContext,
  draft: PaymentDraft,
  options: { readonly allowLogicalDuplicate: boolean; readonly now?: () => Date },
): Promise<{ readonly kept: KeptPayment } | { readonly refused: PaymentSubmitOutcome; readonly error?: unknown }> {
  const now = options.now ?? (() => new Date());
  const { caller } = ctx;
  if (caller.userId === undefined) throw new TppError("NOT_SIGNED_IN", "a payment is kept for a signed-in user only");
  const userId = caller.userId;
  const corporate = draft.payer.kind === "single-sca" ? draft.payer.context === "CORPORATE" : caller.psuCorporateId !== undefined;
  const keep: PaymentKeep = {
    service: draft.service,
    product: draft.product,
    psuContext: corporate ? "CORPORATE" : "PRIVATE",
    psuCorporateId: draft.payer.kind === "single-sca" ? null : (caller.psuCorporateId ?? null),
    payerKind: draft.payer.kind,
    ...summarisePayment(draft.service, draft.body),
    debtorName: draft.debtor.label,
  };
  if (!options.allowLogicalDuplicate) {
    const recent = await repositories.intents.listAwaiting(userId, { since: new Date(now().getTime() - LOGICAL_DUPLICATE_WINDOW_MS) });
    const twin = recent.find((intent) => intent.kind === "payment" && isLogicalDuplicate(intent.keep, keep));
    if (twin !== undefined)
      return {
        refused: {
          kind: "duplicate",
          message: `An identical payment was sent to the bank at ${sentAtWords(twin)} and its answer was not received: the bank may have it.`,
          requestId: twin.requestId,
          unansweredSince: twin.sentAt.toISOString(),
        },
      };
  }
  const query = options.allowLogicalDuplicate ? "?allowLogicalDuplicate=true" : "";
  const outcome = await sendWithIntent(
    repositories.intents,
    {
      kind: "payment",
      userId,
      method: "POST",
      path: `/v1/${draft.service}/${draft.product}${query}`,
      requestBody: JSON.stringify(draft.body),
      keep,
    },
    (requestId) =>
      initiatePayment(ctx, {
        service: draft.service,
        product: draft.product,
        body: draft.body,
        payer: draft.payer,
        allowLogicalDuplicate: options.allowLogicalDuplicate,
        requestId,
      }),
    (initiated, at) => ({
      kind: "payment",
      paymentId: initiated.ref.paymentId,
      status: initiated.status,
      fees: initiated.fees ?? null,
      feeIndicator: initiated.feeIndicator ?? null,
      at,
    }),
    now,
  );
  if (outcome.kind === "refused") return { refused: submitOutcomeOf(outcome.error), error: outcome.error };
  if (outcome.kind === "unanswered") return { refused: unansweredOutcome(outcome.intent, outcome.error), error: outcome.error };
  const record = await repositories.payments.findById(userId, outcome.intent.id);
  if (record === undefined) throw new TppError("INPUT_INVALID", `the payment ${outcome.intent.id} was completed but is not kept`);
  return { kept: { record, initiated: outcome.value } };
}
