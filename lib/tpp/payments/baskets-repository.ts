import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import { BASKET_TRANSACTION_STATUSES, type BasketTransactionStatus, type PsuContext } from "../../psd2/schemas";
import type { TppExecutor } from "../db/open-tpp-database";
import { PSU_CONTEXTS, payments, signingBaskets } from "../db/schema";
import { TppError } from "../errors";
import { checkAllFound, closedSet, parseInput } from "./repository-input";

/** A signing basket as the TPP keeps it, with the status the bank last told. @see docs/interface/signing-baskets.md#rules-in-the-sandbox */
export interface SigningBasketRecord {
  /** The app's id (a random UUID), the one in the app's URLs. */
  readonly id: string;
  readonly userId: string;
  /** The bank's basketId. */
  readonly basketId: string;
  readonly status: BasketTransactionStatus;
  /** When the bank last told the status. */
  readonly statusReadAt: Date;
  readonly psuContext: PsuContext;
  readonly psuCorporateId: string | null;
  /** The app's ids (PaymentRecord.id) of its payments, oldest first. */
  readonly paymentRecordIds: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A basket the bank just created, and the user's payments in it. */
export interface NewSigningBasket {
  /** Default: a new random UUID. */
  readonly id?: string;
  readonly userId: string;
  readonly basketId: string;
  /** Default RCVD (the creation's reply). */
  readonly status?: BasketTransactionStatus;
  readonly psuContext: PsuContext;
  readonly psuCorporateId?: string | null;
  /** The app's ids (PaymentRecord.id) of the payments, at least one. */
  readonly paymentRecordIds: readonly string[];
  /** When the bank created it (and its first status read). */
  readonly createdAt: Date;
}

const DEFAULT_LIST = 50;
const MAX_LIST = 200;

const basketStatusSchema = closedSet(BASKET_TRANSACTION_STATUSES, "a signing basket status");
const instantSchema = z.date().refine((date) => !Number.isNaN(date.getTime()), "is not a valid date");
const text = z.string().min(1, "is empty");

const newBasketSchema = z.object({
  id: text.optional(),
  userId: text,
  basketId: text,
  status: basketStatusSchema.optional(),
  psuContext: closedSet(PSU_CONTEXTS, "a PSU context"),
  psuCorporateId: text.nullish(),
  paymentRecordIds: z.array(text).min(1, "a signing basket has at least one payment"),
  createdAt: instantSchema,
});

type BasketRow = typeof signingBaskets.$inferSelect;

/**
 * The user's signing baskets. A payment is in at most one (payments.signing_basket_id); every
 * read and write is scoped by the user.
 *
 * A basket the bank deleted (DELETE before its authorisation) is deleted here too, as at the
 * bank: its payments stay, outside any basket, free for another basket or their own SCA.
 */
export function createBasketsRepository(db: TppExecutor) {
  const byUser = (userId: string, id: string) => and(eq(signingBaskets.userId, userId), eq(signingBaskets.id, id));

  async function withPayments(userId: string, rows: readonly BasketRow[]): Promise<SigningBasketRecord[]> {
    if (rows.length === 0) return [];
    const members = await db
      .select({ id: payments.id, signingBasketId: payments.signingBasketId })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          inArray(
            payments.signingBasketId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id));
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      basketId: row.basketId,
      status: row.status,
      statusReadAt: row.statusReadAt,
      psuContext: row.psuContext,
      psuCorporateId: row.psuCorporateId,
      paymentRecordIds: members.filter((member) => member.signingBasketId === row.id).map((member) => member.id),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  }

  async function findOne(userId: string, condition: ReturnType<typeof and>): Promise<SigningBasketRecord | undefined> {
    const rows = await db
      .select()
      .from(signingBaskets)
      .where(and(eq(signingBaskets.userId, userId), condition));
    return (await withPayments(userId, rows))[0];
  }

  return {
    /**
     * Keeps a basket the bank created and puts its payments in it, in one transaction. The bank
     * accepted them, so a payment kept in another basket moves to this one. All or nothing: an id
     * that is not the user's payment refuses the whole.
     */
    async insert(input: NewSigningBasket): Promise<SigningBasketRecord> {
      const basket = parseInput(newBasketSchema, input, "signing basket");
      const id = basket.id ?? randomUUID();
      const wanted = [...new Set(basket.paymentRecordIds)];
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(signingBaskets)
          .values({
            id,
            userId: basket.userId,
            basketId: basket.basketId,
            status: basket.status ?? "RCVD",
            statusReadAt: basket.createdAt,
            psuContext: basket.psuContext,
            psuCorporateId: basket.psuCorporateId ?? null,
            createdAt: basket.createdAt,
            updatedAt: basket.createdAt,
          })
          .onConflictDoNothing({ target: [signingBaskets.userId, signingBaskets.basketId] })
          .returning({ id: signingBaskets.id });
        if (inserted.length === 0)
          throw new TppError("INPUT_INVALID", `signing basket: the bank's basketId ${basket.basketId} is already kept for this user`);
        const linked = await tx
          .update(payments)
          .set({ signingBasketId: id, updatedAt: basket.createdAt })
          .where(and(eq(payments.userId, basket.userId), inArray(payments.id, wanted)))
          .returning({ id: payments.id });
        checkAllFound(
          wanted,
          linked.map((row) => row.id),
          "signing basket: paymentRecordIds",
        );
      });
      const record = await findOne(basket.userId, eq(signingBaskets.id, id));
      if (record === undefined) throw new Error("the signing basket was not stored");
      return record;
    },

    /** The user's basket with this app id; undefined when unknown or another user's. */
    async findById(userId: string, id: string): Promise<SigningBasketRecord | undefined> {
      return findOne(userId, eq(signingBaskets.id, id));
    },

    /** The user's basket with the bank's basketId. */
    async findByBankId(userId: string, basketId: string): Promise<SigningBasketRecord | undefined> {
      return findOne(userId, eq(signingBaskets.basketId, basketId));
    },

    /** The user's baskets, newest first (at most `limit`, 1-200, default 50). */
    async list(userId: string, options: { limit?: number } = {}): Promise<SigningBasketRecord[]> {
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIST), 1), MAX_LIST);
      const rows = await db
        .select()
        .from(signingBaskets)
        .where(eq(signingBaskets.userId, userId))
        .orderBy(desc(signingBaskets.createdAt), desc(signingBaskets.id))
        .limit(limit);
      return withPayments(userId, rows);
    },

    /**
     * Keeps a basket status the bank told. A read older than the one kept (a reply that lost a race
     * to a newer one) changes nothing. @returns the basket as now kept; undefined when not the user's.
     */
    async recordStatusRead(
      userId: string,
      id: string,
      status: BasketTransactionStatus,
      readAt: Date,
    ): Promise<SigningBasketRecord | undefined> {
      const read = parseInput(
        z.object({ status: basketStatusSchema, readAt: instantSchema }),
        { status, readAt },
        "signing basket status read",
      );
      await db
        .update(signingBaskets)
        .set({ status: read.status, statusReadAt: read.readAt, updatedAt: read.readAt })
        .where(and(byUser(userId, id), lte(signingBaskets.statusReadAt, read.readAt)));
      return findOne(userId, eq(signingBaskets.id, id));
    },

    /**
     * The bank deleted the basket: its payments leave it (they stay, updated at `at`), and the
     * basket is removed. @returns false when it is not the user's.
     */
    async delete(userId: string, id: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .update(payments)
          .set({ signingBasketId: null, updatedAt: at })
          .where(and(eq(payments.userId, userId), eq(payments.signingBasketId, id)));
        const deleted = await tx.delete(signingBaskets).where(byUser(userId, id)).returning({ id: signingBaskets.id });
        return deleted.length > 0;
      });
    },
  };
}

export type BasketsRepository = ReturnType<typeof createBasketsRepository>;
