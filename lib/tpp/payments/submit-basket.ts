import "server-only";
import { redirect } from "next/navigation";
import { getAspspContext } from "../aspsp/aspsp-context";
import { AspspError, TppError } from "../errors";
import { redirectToBankForSca } from "../flows/redirect-to-bank-for-sca";
import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import { createSigningBasket } from "../pis/create-signing-basket";
import type { CreatedSigningBasket } from "../pis/pis-types";
import { startBasketAuthorisation } from "../pis/start-basket-authorisation";
import { getTppRuntime } from "../runtime";
import { readPsuSession } from "../session/psu-session";
import { basketEligibility, MAX_BASKET_PAYMENTS } from "./basket-eligibility";
import { submitOutcomeOf } from "./payment-outcomes";
import { sendWithIntent } from "./send-with-intent";

/** The app's page of a signing basket it keeps. */
export function basketPagePath(id: string): string {
  return `/baskets/${encodeURIComponent(id)}`;
}

export type SubmitBasketOutcome =
  /** The selection breaks a rule before anything is sent (too many, none, one that may not go in). */
  | { readonly kind: "invalid"; readonly message: string }
  /**
   * The bank's 409: a payment of the selection is approved already or in another basket (the app's
   * records were behind the bank's, e.g. a page left open); `recipients` names those the bank named.
   */
  | { readonly kind: "conflict"; readonly recipients: readonly string[]; readonly message: string; readonly requestId: string }
  | PaymentSubmitOutcome;

const PAYMENT_INDEX = /^paymentIds\[(\d+)\]/;

/** The bank's 409 to a basket, its payments named by their recipients (the tppMessages' path, or the text it starts with, is paymentIds[i]). */
function conflictOf(error: AspspError, chosen: readonly { readonly creditorName: string }[]): SubmitBasketOutcome {
  const recipients = new Set<string>();
  for (const message of error.tppMessages) {
    const index = PAYMENT_INDEX.exec(message.path ?? "") ?? PAYMENT_INDEX.exec(message.text ?? "");
    const payment = index === null ? undefined : chosen[Number(index[1])];
    if (payment !== undefined) recipients.add(payment.creditorName);
  }
  const texts = error.tppMessages.flatMap((message) => (message.text === undefined ? [] : [message.text]));
  return { kind: "conflict", recipients: [...recipients], message: texts.join(" · "), requestId: error.requestId };
}

/**
 * Signs kept payments together: checks the selection (1 to 10 single payments waiting for
 * approval, in no basket, of the session's context), creates the signing basket at the bank
 * (x-accept-fix amount-as-string), keeps it and links its payments, starts its one SCA and sends
 * the PSU to the bank; the callback lands on the basket's page. Returns only when that cannot
 * happen (the bank's 409 for a payment already in a basket or authorised, its payments named; its 400
 * REFERENCE_MIX_INVALID, a failure). A Server Action helper (it redirects).
 * @see docs/interface/signing-baskets.md#request-and-response; docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function submitBasket(userId: string, paymentRecordIds: readonly string[]): Promise<SubmitBasketOutcome> {
  const ids = [...new Set(paymentRecordIds)];
  if (ids.length === 0) return { kind: "invalid", message: "Tick at least one payment to sign." };
  if (ids.length > MAX_BASKET_PAYMENTS)
    return { kind: "invalid", message: `A signing basket holds at most ${MAX_BASKET_PAYMENTS} payments; ${ids.length} were ticked.` };
  const { payments, intents } = await getTppRuntime();
  const session = await readPsuSession(userId);
  const context = {
    psuContext: session?.context ?? "PRIVATE",
    psuCorporateId: session?.context === "CORPORATE" ? (session.psuCorporateId ?? null) : null,
  } as const;
  const records = await Promise.all(ids.map((id) => payments.findById(userId, id)));
  for (const [index, record] of records.entries()) {
    if (record === undefined) return { kind: "invalid", message: `Payment ${ids[index] ?? ""} is not one of yours.` };
    const eligibility = basketEligibility(record, context);
    if (!eligibility.eligible) return { kind: "invalid", message: `${record.creditorName}: ${eligibility.reason}` };
  }
  const chosen = records.filter((record) => record !== undefined);
  const ctx = await getAspspContext({ returnTo: "/payments" });
  if (ctx.caller.userId !== userId) throw new TppError("NOT_SIGNED_IN", "a signing basket is kept for the signed-in user only");
  const paymentIds = chosen.map((record) => record.paymentId);
  // Written down before the request leaves (a durable intent): a basket the bank made is kept even
  // should the app stop before its answer is stored (settle-bank-intents.ts).
  const outcome = await sendWithIntent(
    intents,
    {
      kind: "basket",
      userId,
      method: "POST",
      path: "/v1/signing-baskets",
      requestBody: JSON.stringify({ paymentIds }),
      keep: { paymentRecordIds: chosen.map((record) => record.id), ...context },
    },
    (requestId) => createSigningBasket(ctx, paymentIds, { requestId }),
    (created: CreatedSigningBasket, at) => ({ kind: "basket", basketId: created.basketId, status: created.status, at }),
  );
  if (outcome.kind !== "answered") {
    const { error } = outcome;
    if (error instanceof AspspError && error.status === 409) return conflictOf(error, chosen);
    return submitOutcomeOf(error);
  }
  const created = outcome.value;
  const returnTo = basketPagePath(outcome.intent.id);
  let scaStart;
  try {
    scaStart = await startBasketAuthorisation(ctx, created.basketId, created.startAuthorisation);
  } catch (error) {
    submitOutcomeOf(error);
    redirect(`${returnTo}?approval=not-started`);
  }
  return redirectToBankForSca(scaStart, { kind: "basket", resourceId: created.basketId, returnTo });
}
