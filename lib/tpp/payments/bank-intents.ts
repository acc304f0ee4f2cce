import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { BASKET_TRANSACTION_STATUSES, type BasketTransactionStatus, type PsuContext, type TransactionStatus } from "../../psd2/schemas";
import type { Money } from "../ais/ais-types";
import type { TppExecutor } from "../db/open-tpp-database";
import { bankIntents, type INTENT_STATES, PSU_CONTEXTS } from "../db/schema";
import { TppError } from "../errors";
import { createBasketsRepository } from "./baskets-repository";
import { createPaymentsRepository, type NewPayment } from "./payments-repository";
import { closedSet, parseInput } from "./repository-input";

export type IntentState = (typeof INTENT_STATES)[number];

/** What a payment intent keeps until the bank's 201 names the payment: the payment's row but for what the reply tells. */
export type PaymentKeep = Omit<
  NewPayment,
  "id" | "userId" | "paymentId" | "requestBody" | "status" | "fees" | "feeIndicator" | "fundsAvailable" | "source" | "createdAt"
>;

/** What a basket intent keeps: the app's payments it signs together and the PSU's context. */
export interface BasketKeep {
  readonly paymentRecordIds: readonly string[];
  readonly psuContext: PsuContext;
  readonly psuCorporateId: string | null;
}

interface IntentBase {
  /** The app's id: the payment's or basket's id once completed. */
  readonly id: string;
  readonly userId: string;
  /** The X-Request-ID the request is sent with. */
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  /** The body exactly as sent (JSON text). */
  readonly requestBody: string;
  readonly state: IntentState;
  readonly sentAt: Date;
  readonly settledAt: Date | null;
  readonly problem: string | null;
}

/** A payment or basket written down before its request left for the bank. */
export type BankIntent =
  | (IntentBase & { readonly kind: "payment"; readonly keep: PaymentKeep })
  | (IntentBase & { readonly kind: "basket"; readonly keep: BasketKeep });

export type NewBankIntent = Omit<BankIntent, "id" | "state" | "settledAt" | "problem"> & { readonly id?: string };

/** The bank's 201, as much of it as is kept. */
export type BankAnswer =
  | {
      readonly kind: "payment";
      readonly paymentId: string;
      readonly status: TransactionStatus;
      readonly fees: Money | null;
      readonly feeIndicator: boolean | null;
      readonly at: Date;
    }
  | { readonly kind: "basket"; readonly basketId: string; readonly status: BasketTransactionStatus; readonly at: Date };

/** How long after sending an identical payment the bank calls a new one a logical duplicate. @see docs/interface/payments.md#payments-in-the-sandbox */
export const LOGICAL_DUPLICATE_WINDOW_MS = 10 * 60_000;

const text = z.string().min(1, "is empty");
const moneySchema = z.object({ amount: text, currency: text });
const paymentKeepSchema = z.object({
  service: text,
  product: text,
  psuContext: closedSet(PSU_CONTEXTS, "a PSU context"),
  psuCorporateId: text.nullish(),
  payerKind: text,
  amount: moneySchema.nullable(),
  debtorAccount: text,
  debtorName: z.string().nullish(),
  creditorName: text,
  creditorAccount: text,
  transferCount: z.int().min(1).optional(),
  requestedExecutionDate: z.string().nullish(),
});
const basketKeepSchema = z.object({
  paymentRecordIds: z.array(text).min(1, "a signing basket has at least one payment"),
  psuContext: closedSet(PSU_CONTEXTS, "a PSU context"),
  psuCorporateId: text.nullable(),
});
const instant = z.date().refine((date) => !Number.isNaN(date.getTime()), "is not a valid date");
const newIntentSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("payment"),
    id: text.optional(),
    userId: text,
    requestId: text,
    method: text,
    path: text,
    requestBody: text,
    keep: paymentKeepSchema,
    sentAt: instant,
  }),
  z.object({
    kind: z.literal("basket"),
    id: text.optional(),
    userId: text,
    requestId: text,
    method: text,
    path: text,
    requestBody: text,
    keep: basketKeepSchema,
    sentAt: instant,
  }),
]);
const basketStatusSchema = closedSet(BASKET_TRANSACTION_STATUSES, "a signing basket status");

type IntentRow = typeof bankIntents.$inferSelect;

function toIntent(row: IntentRow): BankIntent {
  const base = {
    id: row.id,
    userId: row.userId,
    requestId: row.requestId,
    method: row.method,
    path: row.path,
    requestBody: row.requestBody,
    state: row.state,
    sentAt: row.sentAt,
    settledAt: row.settledAt,
    problem: row.problem,
  };
  // Written through newIntentSchema only: the kept JSON has the kind's shape.
  return row.kind === "payment"
    ? { ...base, kind: "payment", keep: row.keep as PaymentKeep }
    : { ...base, kind: "basket", keep: row.keep as BasketKeep };
}

/** Whether two payments are the same to the bank's duplicate check: debtor, creditor, amount and execution date. @see docs/interface/payments.md#payments-in-the-sandbox */
export function isLogicalDuplicate(a: PaymentKeep, b: PaymentKeep): boolean {
  return (
    a.debtorAccount === b.debtorAccount &&
    a.creditorAccount === b.creditorAccount &&
    a.amount?.amount === b.amount?.amount &&
    a.amount?.currency === b.amount?.currency &&
    (a.requestedExecutionDate ?? null) === (b.requestedExecutionDate ?? null)
  );
}

/**
 * Durable intents (bank_intents): a payment or signing basket is written here, with the
 * X-Request-ID and body it is sent with, before its request leaves for the bank; the bank's 201
 * then completes it, and the payment or basket is kept under the intent's id in the same
 * transaction. Completing twice keeps one payment: the second finds the intent completed.
 */
export function createBankIntentsRepository(db: TppExecutor) {
  const byId = (id: string) => eq(bankIntents.id, id);

  return {
    /** Writes an intent down, open, before its request is sent. */
    async open(input: NewBankIntent): Promise<BankIntent> {
      const intent = parseInput(newIntentSchema, input, "bank intent");
      const rows = await db
        .insert(bankIntents)
        .values({
          id: intent.id ?? randomUUID(),
          userId: intent.userId,
          kind: intent.kind,
          requestId: intent.requestId,
          method: intent.method,
          path: intent.path,
          requestBody: intent.requestBody,
          keep: intent.keep,
          state: "open",
          sentAt: intent.sentAt,
        })
        .returning();
      const row = rows[0];
      if (row === undefined) throw new TppError("INPUT_INVALID", "bank intent: the database kept no row");
      return toIntent(row);
    },

    /**
     * Completes an intent with the bank's 201: keeps the payment (or basket, its payments linked)
     * under the intent's id and marks the intent completed, in one transaction with the intent's
     * row locked. An intent completed already is left as it is (`completedNow` false); a refused
     * one cannot be completed.
     */
    async complete(id: string, answer: BankAnswer): Promise<{ readonly intent: BankIntent; readonly completedNow: boolean }> {
      return db.transaction(async (tx) => {
        const locked = await tx.select().from(bankIntents).where(byId(id)).for("update");
        const row = locked[0];
        if (row === undefined) throw new TppError("INPUT_INVALID", `bank intent: there is no intent ${id}`);
        if (row.state === "completed") return { intent: toIntent(row), completedNow: false };
        if (row.state === "refused") throw new TppError("INPUT_INVALID", `bank intent: ${id} was refused and cannot be completed`);
        const intent = toIntent(row);
        if (intent.kind !== answer.kind)
          throw new TppError("INPUT_INVALID", `bank intent: ${id} is a ${intent.kind}, completed with a ${answer.kind}`);
        if (intent.kind === "payment" && answer.kind === "payment") {
          const payments = createPaymentsRepository(tx);
          // Kept already by another way (none today): the intent only completes.
          if ((await payments.findByBankId(intent.userId, answer.paymentId)) === undefined) {
            await payments.insert({
              ...intent.keep,
              id: intent.id,
              userId: intent.userId,
              paymentId: answer.paymentId,
              requestBody: intent.requestBody,
              status: answer.status,
              fees: answer.fees,
              feeIndicator: answer.feeIndicator,
              source: "initiation",
              createdAt: answer.at,
            });
          }
        } else if (intent.kind === "basket" && answer.kind === "basket") {
          const baskets = createBasketsRepository(tx);
          if ((await baskets.findByBankId(intent.userId, answer.basketId)) === undefined) {
            await baskets.insert({
              id: intent.id,
              userId: intent.userId,
              basketId: answer.basketId,
              status: basketStatusSchema.parse(answer.status),
              psuContext: intent.keep.psuContext,
              psuCorporateId: intent.keep.psuCorporateId,
              paymentRecordIds: intent.keep.paymentRecordIds,
              createdAt: answer.at,
            });
          }
        }
        const updated = await tx
          .update(bankIntents)
          .set({ state: "completed", settledAt: answer.at, problem: null })
          .where(byId(id))
          .returning();
        return { intent: toIntent(updated[0] ?? row), completedNow: true };
      });
    },

    /**
     * Ends an open intent without a 201: refused (the bank said no, or the request never left) or
     * unanswered (it may be at the bank). Returns false when it was no longer open.
     */
    async close(id: string, state: "refused" | "unanswered", problem: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(bankIntents)
        .set({ state, settledAt: at, problem })
        .where(and(byId(id), eq(bankIntents.state, "open")))
        .returning({ id: bankIntents.id });
      return rows.length > 0;
    },

    /** The PSU checked an unanswered payment and sets it aside: it leaves the list. */
    async dismiss(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(bankIntents)
        .set({ state: "dismissed", settledAt: at })
        .where(and(byId(id), eq(bankIntents.userId, userId), inArray(bankIntents.state, ["open", "unanswered"])))
        .returning({ id: bankIntents.id });
      return rows.length > 0;
    },

    async findById(userId: string, id: string): Promise<BankIntent | undefined> {
      const rows = await db
        .select()
        .from(bankIntents)
        .where(and(byId(id), eq(bankIntents.userId, userId)));
      return rows[0] === undefined ? undefined : toIntent(rows[0]);
    },

    /** The user's intents whose outcome at the bank is not known (open or unanswered), newest first. */
    async listAwaiting(userId: string, options: { since?: Date; limit?: number } = {}): Promise<BankIntent[]> {
      const conditions = [eq(bankIntents.userId, userId), inArray(bankIntents.state, ["open", "unanswered"])];
      if (options.since !== undefined) conditions.push(gte(bankIntents.sentAt, options.since));
      const rows = await db
        .select()
        .from(bankIntents)
        .where(and(...conditions))
        .orderBy(desc(bankIntents.sentAt), desc(bankIntents.id))
        .limit(options.limit ?? 50);
      return rows.map(toIntent);
    },

    /** Open intents sent before `before`, whoever's, oldest first: those settlement looks at. */
    async listOpen(before: Date, limit: number): Promise<BankIntent[]> {
      const rows = await db
        .select()
        .from(bankIntents)
        .where(and(eq(bankIntents.state, "open"), lt(bankIntents.sentAt, before)))
        .orderBy(asc(bankIntents.sentAt), asc(bankIntents.id))
        .limit(limit);
      return rows.map(toIntent);
    },
  };
}

export type BankIntentsRepository = ReturnType<typeof createBankIntentsRepository>;
