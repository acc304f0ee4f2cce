import "server-only";
import { desc, eq } from "drizzle-orm";
import { paymentInitiationResponseSchema, parseResponseBody, signingBasketResponseSchema } from "../../psd2/schemas";
import { toMoney } from "../ais/to-app-types";
import type { TppExecutor } from "../db/open-tpp-database";
import { bankCalls } from "../db/schema";
import { type BankAnswer, type BankIntent, createBankIntentsRepository } from "./bank-intents";

/** What the request inspector recorded of a call (bank_calls), as far as settling needs it. */
export interface RecordedCall {
  readonly status: number | null;
  readonly responseBody: string | null;
  /** What went wrong when no reply came, or the reply was refused (its signature). */
  readonly error: string | null;
  readonly startedAt: Date;
  readonly durationMs: number;
}

/** What a recorded call says of an intent: the bank's 201, its "no", or nothing usable. */
export type IntentVerdict =
  | { readonly kind: "answered"; readonly answer: BankAnswer }
  | { readonly kind: "refused"; readonly problem: string }
  | { readonly kind: "unanswered"; readonly problem: string };

function readJson(text: string | null): unknown {
  try {
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the request inspector's record of an intent's call: a 2xx whose body is the interface's
 * answer completes it; a 4xx is the bank's "no" (nothing was made); no record, no reply, a 5xx, an
 * unreadable body or a refused signature leave the outcome unknown (the bank may have it).
 * @see docs/interface/payments.md#payment-creation-response, docs/interface/signing-baskets.md#request-and-response; docs/interface/errors.md#statuses-by-code
 */
export function verdictOf(intent: BankIntent, call: RecordedCall | undefined): IntentVerdict {
  if (call === undefined)
    return { kind: "unanswered", problem: "No answer of the bank was recorded: the app stopped while the request was under way." };
  if (call.error !== null) return { kind: "unanswered", problem: `The bank's answer was not received or not usable: ${call.error}` };
  if (call.status === null) return { kind: "unanswered", problem: "No answer of the bank was recorded." };
  if (call.status >= 400 && call.status < 500) return { kind: "refused", problem: `The bank answered ${call.status}: it did not take it.` };
  if (call.status >= 500)
    return { kind: "unanswered", problem: `The bank answered ${call.status} (an error of its own): it may or may not have it.` };
  const at = new Date(call.startedAt.getTime() + call.durationMs);
  const body = readJson(call.responseBody);
  if (intent.kind === "payment") {
    const parsed = parseResponseBody(paymentInitiationResponseSchema, body);
    if (!parsed.ok)
      return { kind: "unanswered", problem: `The bank's answer (HTTP ${call.status}) could not be read: ${parsed.problems.join("; ")}` };
    const created = parsed.value;
    return {
      kind: "answered",
      answer: {
        kind: "payment",
        paymentId: created.paymentId,
        status: created.transactionStatus,
        fees: created.transactionFees === undefined ? null : toMoney(created.transactionFees),
        feeIndicator: created.transactionFeeIndicator ?? null,
        at,
      },
    };
  }
  const parsed = parseResponseBody(signingBasketResponseSchema, body);
  if (!parsed.ok || parsed.value.basketId === undefined)
    return { kind: "unanswered", problem: `The bank's answer (HTTP ${call.status}) names no signing basket that can be read.` };
  return { kind: "answered", answer: { kind: "basket", basketId: parsed.value.basketId, status: parsed.value.transactionStatus, at } };
}

/** The request inspector's last record of the call sent with this X-Request-ID. */
export async function findRecordedCall(db: TppExecutor, requestId: string): Promise<RecordedCall | undefined> {
  const rows = await db
    .select({
      status: bankCalls.status,
      responseBody: bankCalls.responseBody,
      error: bankCalls.error,
      startedAt: bankCalls.startedAt,
      durationMs: bankCalls.durationMs,
    })
    .from(bankCalls)
    .where(eq(bankCalls.requestId, requestId))
    .orderBy(desc(bankCalls.id))
    .limit(1);
  return rows[0];
}

/** What one settling round did. */
export interface SettleCount {
  readonly completed: number;
  readonly refused: number;
  readonly unanswered: number;
}

export interface SettleOptions {
  readonly db: TppExecutor;
  /** Only intents sent before this are settled: younger ones may still be waiting for their answer. */
  readonly before: Date;
  readonly now?: () => Date;
  /** Intents one round looks at, at most; default 500. */
  readonly limit?: number;
}

/**
 * Settles every intent left open (sent before `before`) from the request inspector's record of
 * its call: completes it with the bank's 201 (the payment or basket kept once: completing is
 * idempotent), or closes it as refused or unanswered. An unanswered payment is then shown to the
 * PSU as "sent, answer not received".
 */
export async function settleBankIntents(options: SettleOptions): Promise<SettleCount> {
  const intents = createBankIntentsRepository(options.db);
  const now = options.now ?? (() => new Date());
  const open = await intents.listOpen(options.before, options.limit ?? 500);
  let completed = 0;
  let refused = 0;
  let unanswered = 0;
  for (const intent of open) {
    const verdict = verdictOf(intent, await findRecordedCall(options.db, intent.requestId));
    if (verdict.kind === "answered") {
      if ((await intents.complete(intent.id, verdict.answer)).completedNow) completed += 1;
    } else if (await intents.close(intent.id, verdict.kind, verdict.problem, now())) {
      if (verdict.kind === "refused") refused += 1;
      else unanswered += 1;
    }
  }
  return { completed, refused, unanswered };
}
