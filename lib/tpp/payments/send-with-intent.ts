import "server-only";
import { createRequestId } from "../../psd2/signing";
import { isDatabaseUnavailable } from "../db/database-unavailable";
import { AspspError, TppError } from "../errors";
import type { BankAnswer, BankIntent, BankIntentsRepository, NewBankIntent } from "./bank-intents";

/** How a request sent under an intent ended. */
export type IntentOutcome<T> =
  /** The bank's 201: the intent is completed, the payment or basket kept under its id. */
  | { readonly kind: "answered"; readonly value: T; readonly intent: BankIntent }
  /** The bank said no, or the request never reached it: nothing is at the bank. */
  | { readonly kind: "refused"; readonly error: unknown }
  /** Sent, and no usable answer: the bank may have it; the PSU is told so (the intent stays listed). */
  | { readonly kind: "unanswered"; readonly error: unknown; readonly intent: BankIntent };

/**
 * Whether a failed request may have left something at the bank: not when the bank answered 4xx
 * (its "no") or when no connection was made; yes otherwise (no answer, a reply cut off or too
 * slow, a 5xx, an answer unreadable or not signed as required).
 */
export function mayHaveReachedBank(error: unknown): boolean {
  if (error instanceof AspspError) return error.status >= 500;
  if (error instanceof TppError) return error.code !== "ASPSP_UNREACHABLE";
  return true;
}

function problemOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends a request that creates something at the bank (a payment, a signing basket) as a durable
 * intent: the intent is written, with the X-Request-ID and body, before the request leaves; the
 * bank's 201 then completes it (the payment or basket is kept in the same transaction). Should
 * the process stop in between, settlement completes it from the request inspector's record
 * (settle-bank-intents.ts). The request is sent once: never again on its own.
 */
export async function sendWithIntent<T>(
  intents: BankIntentsRepository,
  intent: Omit<NewBankIntent, "requestId" | "sentAt">,
  send: (requestId: string) => Promise<T>,
  answerOf: (value: T, at: Date) => BankAnswer,
  now: () => Date = () => new Date(),
): Promise<IntentOutcome<T>> {
  const requestId = createRequestId();
  const opened = await intents.open({ ...intent, requestId, sentAt: now() } as NewBankIntent);
  let value: T;
  try {
    value = await send(requestId);
  } catch (error) {
    if (!mayHaveReachedBank(error)) {
      await intents.close(opened.id, "refused", problemOf(error), now());
      return { kind: "refused", error };
    }
    await intents.close(opened.id, "unanswered", problemOf(error), now());
    return { kind: "unanswered", error, intent: { ...opened, state: "unanswered", problem: problemOf(error) } };
  }
  let completed: BankIntent;
  try {
    ({ intent: completed } = await intents.complete(opened.id, answerOf(value, now())));
  } catch (error) {
    // The bank took it; its answer could not be written down. The intent stays open, and settlement
    // keeps it once the database is back (from the request inspector's record, else as sent, answer not received).
    if (!isDatabaseUnavailable(error)) throw error;
    throw new TppError(
      "DATABASE_UNAVAILABLE",
      `The bank accepted it, but the app's database could not be reached to keep its answer; it appears in the payment list once the database is back`,
      { cause: error, requestId },
    );
  }
  return { kind: "answered", value, intent: completed };
}
