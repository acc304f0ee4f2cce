import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  PAYMENT_PRODUCTS,
  PAYMENT_SERVICES,
  type PaymentProduct,
  type PaymentService,
  type PsuContext,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from "../../psd2/schemas";
import { isCurrencyCode, isValidIsoDate } from "../../psd2/validation";
import type { Money } from "../ais/ais-types";
import type { TppExecutor } from "../db/open-tpp-database";
import { PAYER_KINDS, PSU_CONTEXTS, paymentStatusReads, payments, signingBaskets, STATUS_READ_SOURCES } from "../db/schema";
import { TppError } from "../errors";
import { checkAllFound, closedSet, parseInput } from "./repository-input";

/** How the PSU was named at initiation (PayerIdentity's kind in lib/tpp/pis): never the national identity number. */
export type PayerKind = (typeof PAYER_KINDS)[number];

/** Where a status was read: the initiation's reply, GET .../status, GET details, the SCA callback, DELETE. */
export type StatusReadSource = (typeof STATUS_READ_SOURCES)[number];

/** A payment as the TPP keeps it. The bank stays the authority: `status` is what it last said, at `statusReadAt`. */
export interface PaymentRecord {
  /** The app's id (a random UUID), the one in the app's URLs. */
  readonly id: string;
  readonly userId: string;
  /** The bank's paymentId. */
  readonly paymentId: string;
  readonly service: PaymentService;
  readonly product: PaymentProduct;
  readonly psuContext: PsuContext;
  readonly psuCorporateId: string | null;
  readonly payerKind: PayerKind;
  /** The request body exactly as sent (JSON text). */
  readonly requestBody: string;
  /** The instructed amount (a bulk's sum); null for a bulk in more than one currency. */
  readonly amount: Money | null;
  /** BBAN, IBAN or card account reference, as sent. */
  readonly debtorAccount: string;
  /** The consented account's name, when known. */
  readonly debtorName: string | null;
  /** The creditor (a bulk's first). */
  readonly creditorName: string;
  readonly creditorAccount: string;
  /** 1, or the number of payments of a bulk. */
  readonly transferCount: number;
  /** transactionFees of the initiation's reply. */
  readonly fees: Money | null;
  readonly feeIndicator: boolean | null;
  readonly status: TransactionStatus;
  /** When the bank last told the status. */
  readonly statusReadAt: Date;
  /** What the bank said with that status; null when it did not say. */
  readonly fundsAvailable: boolean | null;
  /** The app's id of the signing basket the payment is in (SigningBasketRecord.id, not the bank's basketId). */
  readonly signingBasketId: string | null;
  /** requestedExecutionDate (or a periodic payment's startDate), YYYY-MM-DD; null: at once. */
  readonly requestedExecutionDate: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A payment the bank just accepted, with the status of its reply (the first entry of its history). */
export interface NewPayment {
  /** Default: a new random UUID. */
  readonly id?: string;
  readonly userId: string;
  readonly paymentId: string;
  readonly service: PaymentService;
  readonly product: PaymentProduct;
  readonly psuContext: PsuContext;
  readonly psuCorporateId?: string | null;
  readonly payerKind: PayerKind;
  /** The body exactly as sent (JSON text): it carries no secret. */
  readonly requestBody: string;
  readonly amount: Money | null;
  readonly debtorAccount: string;
  readonly debtorName?: string | null;
  readonly creditorName: string;
  readonly creditorAccount: string;
  /** Default 1. */
  readonly transferCount?: number;
  readonly fees?: Money | null;
  readonly feeIndicator?: boolean | null;
  readonly requestedExecutionDate?: string | null;
  readonly status: TransactionStatus;
  readonly fundsAvailable?: boolean | null;
  /** How the first status was read; default "initiation". */
  readonly source?: StatusReadSource;
  /** When the payment was created at the bank and its first status read. */
  readonly createdAt: Date;
}

/** One read of a payment's status. */
export interface StatusRead {
  readonly status: TransactionStatus;
  readonly fundsAvailable?: boolean | null;
  /** When the bank's reply came. */
  readonly readAt: Date;
  readonly source: StatusReadSource;
}

/** One status in a payment's history: when it was first and last seen, and how often. */
export interface PaymentStatusReadRecord {
  readonly id: number;
  readonly status: TransactionStatus;
  readonly fundsAvailable: boolean | null;
  readonly firstSeenAt: Date;
  readonly lastSeenAt: Date;
  /** How it was first seen. */
  readonly source: StatusReadSource;
  readonly readCount: number;
}

export interface PaymentListQuery {
  /** Any of these statuses; all when absent or empty. */
  readonly status?: readonly TransactionStatus[];
  readonly product?: PaymentProduct;
  readonly service?: PaymentService;
  /** Page size, 1-200; default 50. */
  readonly limit?: number;
  /** The previous page's nextCursor. */
  readonly before?: string;
}

export interface PaymentPage {
  readonly items: readonly PaymentRecord[];
  /** Pass as `before` for the next (older) page; undefined on the last page. */
  readonly nextCursor: string | undefined;
}

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

// Inputs come from flows that read the bank's replies and the pages' forms: checked here once more,
// so that a wrong value is refused with its name rather than by a database constraint.

const statusSchema = closedSet(TRANSACTION_STATUSES, "a payment status");
const serviceSchema = closedSet(PAYMENT_SERVICES, "a payment service");
const productSchema = closedSet(PAYMENT_PRODUCTS, "a payment product");
const sourceSchema = closedSet(STATUS_READ_SOURCES, "a status read source");
const instantSchema = z.date().refine((date) => !Number.isNaN(date.getTime()), "is not a valid date");
const text = z.string().min(1, "is empty");
const moneySchema = z.strictObject({
  amount: z.string().regex(/^\d{1,18}(\.\d{1,5})?$/, "is not a decimal amount (digits, a dot, at most 5 decimals)"),
  currency: z.string().refine(isCurrencyCode, "is not an ISO 4217 currency code"),
});

const newPaymentSchema = z.object({
  id: text.optional(),
  userId: text,
  paymentId: text,
  service: serviceSchema,
  product: productSchema,
  psuContext: closedSet(PSU_CONTEXTS, "a PSU context"),
  psuCorporateId: text.nullish(),
  payerKind: closedSet(PAYER_KINDS, "a kind of payer identification"),
  requestBody: z.string().refine((body) => {
    try {
      JSON.parse(body);
      return true;
    } catch {
      return false;
    }
  }, "is not JSON"),
  amount: moneySchema.nullable(),
  debtorAccount: text,
  debtorName: z.string().nullish(),
  creditorName: text,
  creditorAccount: text,
  transferCount: z.int().min(1).optional(),
  fees: moneySchema.nullish(),
  feeIndicator: z.boolean().nullish(),
  requestedExecutionDate: z.string().refine(isValidIsoDate, "is not a date (YYYY-MM-DD)").nullish(),
  status: statusSchema,
  fundsAvailable: z.boolean().nullish(),
  source: sourceSchema.optional(),
  createdAt: instantSchema,
});

const statusReadSchema = z.object({
  status: statusSchema,
  fundsAvailable: z.boolean().nullish(),
  readAt: instantSchema,
  source: sourceSchema,
});

const listQuerySchema = z.object({
  status: z.array(statusSchema).optional(),
  product: productSchema.optional(),
  service: serviceSchema.optional(),
  limit: z.number().optional(),
  before: z.string().optional(),
});

// The listing's keyset: the last item's (created_at, id), opaque to callers.
const cursorSchema = z.tuple([z.iso.datetime(), z.string().min(1)]);

function encodeCursor(record: PaymentRecord): string {
  return Buffer.from(JSON.stringify([record.createdAt.toISOString(), record.id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success) throw new TppError("INPUT_INVALID", "payment listing: before: not a cursor of the payment listing");
  return { createdAt: new Date(parsed.data[0]), id: parsed.data[1] };
}

type PaymentRow = typeof payments.$inferSelect;
type StatusReadRow = typeof paymentStatusReads.$inferSelect;

function moneyOf(amount: string | null, currency: string | null): Money | null {
  return amount === null || currency === null ? null : { amount, currency };
}

function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    userId: row.userId,
    paymentId: row.paymentId,
    service: row.service,
    product: row.product,
    psuContext: row.psuContext,
    psuCorporateId: row.psuCorporateId,
    payerKind: row.payerKind,
    requestBody: row.requestBody,
    amount: moneyOf(row.amount, row.currency),
    debtorAccount: row.debtorAccount,
    debtorName: row.debtorName,
    creditorName: row.creditorName,
    creditorAccount: row.creditorAccount,
    transferCount: row.transferCount,
    fees: moneyOf(row.feeAmount, row.feeCurrency),
    feeIndicator: row.feeIndicator,
    status: row.status,
    statusReadAt: row.statusReadAt,
    fundsAvailable: row.fundsAvailable,
    signingBasketId: row.signingBasketId,
    requestedExecutionDate: row.requestedExecutionDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toStatusReadRecord(row: StatusReadRow): PaymentStatusReadRecord {
  return {
    id: row.id,
    status: row.status,
    fundsAvailable: row.fundsAvailable,
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
    source: row.source,
    readCount: row.readCount,
  };
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * The user's payments and the history of their statuses. Every read and write is scoped by the
 * user: a user never sees nor changes another's payment, whatever id is asked for.
 */
export function createPaymentsRepository(db: TppExecutor) {
  const byUser = (userId: string, id: string) => and(eq(payments.userId, userId), eq(payments.id, id));

  return {
    /** Keeps a payment the bank accepted, with its first status read, in one transaction. */
    async insert(input: NewPayment): Promise<PaymentRecord> {
      const payment = parseInput(newPaymentSchema, input, "payment");
      const id = payment.id ?? randomUUID();
      const fundsAvailable = payment.fundsAvailable ?? null;
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(payments)
          .values({
            id,
            userId: payment.userId,
            paymentId: payment.paymentId,
            service: payment.service,
            product: payment.product,
            psuContext: payment.psuContext,
            psuCorporateId: payment.psuCorporateId ?? null,
            payerKind: payment.payerKind,
            requestBody: payment.requestBody,
            amount: payment.amount?.amount ?? null,
            currency: payment.amount?.currency ?? null,
            debtorAccount: payment.debtorAccount,
            debtorName: payment.debtorName ?? null,
            creditorName: payment.creditorName,
            creditorAccount: payment.creditorAccount,
            transferCount: payment.transferCount ?? 1,
            feeAmount: payment.fees?.amount ?? null,
            feeCurrency: payment.fees?.currency ?? null,
            feeIndicator: payment.feeIndicator ?? null,
            status: payment.status,
            statusReadAt: payment.createdAt,
            fundsAvailable,
            requestedExecutionDate: payment.requestedExecutionDate ?? null,
            createdAt: payment.createdAt,
            updatedAt: payment.createdAt,
          })
          .onConflictDoNothing({ target: [payments.userId, payments.paymentId] })
          .returning();
        const row = rows[0];
        if (row === undefined)
          throw new TppError("INPUT_INVALID", `payment: the bank's paymentId ${payment.paymentId} is already kept for this user`);
        await tx.insert(paymentStatusReads).values({
          paymentId: id,
          status: payment.status,
          fundsAvailable,
          firstSeenAt: payment.createdAt,
          lastSeenAt: payment.createdAt,
          source: payment.source ?? "initiation",
        });
        return toPaymentRecord(row);
      });
    },

    /** The user's payment with this app id; undefined when unknown or another user's. */
    async findById(userId: string, id: string): Promise<PaymentRecord | undefined> {
      const rows = await db.select().from(payments).where(byUser(userId, id));
      return rows[0] === undefined ? undefined : toPaymentRecord(rows[0]);
    },

    /** The user's payment with the bank's paymentId. */
    async findByBankId(userId: string, paymentId: string): Promise<PaymentRecord | undefined> {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.paymentId, paymentId)));
      return rows[0] === undefined ? undefined : toPaymentRecord(rows[0]);
    },

    /** A page of the user's payments, newest first (keyset on created_at and id: stable while payments are added). */
    async list(userId: string, query: PaymentListQuery = {}): Promise<PaymentPage> {
      const filter = parseInput(listQuerySchema, query, "payment listing");
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
      const conditions: SQL[] = [eq(payments.userId, userId)];
      if (filter.status !== undefined && filter.status.length > 0) conditions.push(inArray(payments.status, filter.status));
      if (filter.product !== undefined) conditions.push(eq(payments.product, filter.product));
      if (filter.service !== undefined) conditions.push(eq(payments.service, filter.service));
      if (filter.before !== undefined) {
        const cursor = decodeCursor(filter.before);
        const older = or(
          lt(payments.createdAt, cursor.createdAt),
          and(eq(payments.createdAt, cursor.createdAt), lt(payments.id, cursor.id)),
        );
        if (older !== undefined) conditions.push(older);
      }
      const rows = await db
        .select()
        .from(payments)
        .where(and(...conditions))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit + 1);
      const items = rows.slice(0, limit).map(toPaymentRecord);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last) : undefined };
    },

    /** The payments in one of the user's signing baskets (by the basket's app id), oldest first. */
    async listInBasket(userId: string, signingBasketId: string): Promise<PaymentRecord[]> {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.signingBasketId, signingBasketId)))
        .orderBy(asc(payments.createdAt), asc(payments.id));
      return rows.map(toPaymentRecord);
    },

    /** How many of the user's payments are in each status (the listing's filter chips). */
    async countByStatus(userId: string): Promise<Record<TransactionStatus, number>> {
      const rows = await db
        .select({ status: payments.status, count: count() })
        .from(payments)
        .where(eq(payments.userId, userId))
        .groupBy(payments.status);
      const counts: Record<TransactionStatus, number> = {
        ACCP: 0,
        ACSC: 0,
        ACSP: 0,
        ACTC: 0,
        ACWC: 0,
        ACWP: 0,
        RCVD: 0,
        PDNG: 0,
        RJCT: 0,
        CANC: 0,
        PART: 0,
      };
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },

    /**
     * Keeps a status the bank told. The payment's row is locked for the transaction (SELECT ... FOR
     * UPDATE), so concurrent reads are applied one after the other: two racing reads of the same
     * new status add one history row.
     *
     * A read at least as recent as the latest one becomes the payment's status; when its status is
     * the latest history row's, that row's last_seen_at moves, else a row is added. A read older
     * than the latest (a reply that lost a race to a newer one) leaves the payment's status alone
     * and takes its place in the history by time: it joins the row of the same status around it,
     * or adds a row in a gap between rows; inside another status's span it is left out.
     *
     * @returns the payment as now kept; undefined when it is not the user's.
     */
    async recordStatusRead(userId: string, id: string, input: StatusRead): Promise<PaymentRecord | undefined> {
      const read = parseInput(statusReadSchema, input, "status read");
      return db.transaction(async (tx) => {
        const locked = await tx.select().from(payments).where(byUser(userId, id)).for("update");
        const payment = locked[0];
        if (payment === undefined) return undefined;
        const ofPayment = eq(paymentStatusReads.paymentId, id);

        if (read.readAt.getTime() < payment.statusReadAt.getTime()) {
          await placeStaleRead(tx, id, read);
          return toPaymentRecord(payment);
        }

        const latestRows = await tx
          .select()
          .from(paymentStatusReads)
          .where(ofPayment)
          .orderBy(desc(paymentStatusReads.firstSeenAt), desc(paymentStatusReads.id))
          .limit(1);
        const latest = latestRows[0];
        const sameStatus = latest !== undefined && latest.status === read.status;
        // fundsAvailable belongs to a status: a later read of the same status that does not say keeps it.
        const fundsAvailable = read.fundsAvailable ?? (sameStatus ? latest.fundsAvailable : null);
        if (sameStatus) {
          await tx
            .update(paymentStatusReads)
            .set({ lastSeenAt: later(read.readAt, latest.lastSeenAt), fundsAvailable, readCount: sql`${paymentStatusReads.readCount} + 1` })
            .where(eq(paymentStatusReads.id, latest.id));
        } else {
          await tx.insert(paymentStatusReads).values({
            paymentId: id,
            status: read.status,
            fundsAvailable,
            firstSeenAt: read.readAt,
            lastSeenAt: read.readAt,
            source: read.source,
          });
        }
        const updated = await tx
          .update(payments)
          .set({ status: read.status, statusReadAt: read.readAt, fundsAvailable, updatedAt: later(read.readAt, payment.updatedAt) })
          .where(byUser(userId, id))
          .returning();
        return updated[0] === undefined ? undefined : toPaymentRecord(updated[0]);
      });
    },

    /** The statuses the payment went through, oldest first; empty when it is not the user's. */
    async history(userId: string, id: string): Promise<PaymentStatusReadRecord[]> {
      const rows = await db
        .select({ read: paymentStatusReads })
        .from(paymentStatusReads)
        .innerJoin(payments, eq(payments.id, paymentStatusReads.paymentId))
        .where(byUser(userId, id))
        .orderBy(asc(paymentStatusReads.firstSeenAt), asc(paymentStatusReads.id));
      return rows.map((row) => toStatusReadRecord(row.read));
    },

    /**
     * Puts the user's payments in one of the user's signing baskets (by its app id), or takes them
     * out of any with null. All or nothing: an id that is not the user's payment refuses the whole.
     */
    async setBasket(userId: string, ids: readonly string[], signingBasketId: string | null, at: Date): Promise<void> {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return;
      await db.transaction(async (tx) => {
        if (signingBasketId !== null) {
          const baskets = await tx
            .select({ id: signingBaskets.id })
            .from(signingBaskets)
            .where(and(eq(signingBaskets.userId, userId), eq(signingBaskets.id, signingBasketId)));
          if (baskets.length === 0)
            throw new TppError("INPUT_INVALID", `signing basket: ${signingBasketId} is not a signing basket of this user`);
        }
        const updated = await tx
          .update(payments)
          .set({ signingBasketId, updatedAt: at })
          .where(and(eq(payments.userId, userId), inArray(payments.id, wanted)))
          .returning({ id: payments.id });
        checkAllFound(
          wanted,
          updated.map((row) => row.id),
          "payments",
        );
      });
    },
  };
}

/** A read older than the payment's latest status, put in the history by its time (see recordStatusRead). */
async function placeStaleRead(tx: TppExecutor, paymentId: string, read: z.output<typeof statusReadSchema>): Promise<void> {
  const ofPayment = eq(paymentStatusReads.paymentId, paymentId);
  const beforeRows = await tx
    .select()
    .from(paymentStatusReads)
    .where(and(ofPayment, lte(paymentStatusReads.firstSeenAt, read.readAt)))
    .orderBy(desc(paymentStatusReads.firstSeenAt), desc(paymentStatusReads.id))
    .limit(1);
  const before = beforeRows[0];
  const counted = { readCount: sql`${paymentStatusReads.readCount} + 1` };
  if (before !== undefined && before.status === read.status) {
    await tx
      .update(paymentStatusReads)
      .set({ lastSeenAt: later(read.readAt, before.lastSeenAt), ...counted })
      .where(eq(paymentStatusReads.id, before.id));
    return;
  }
  // Inside the span of another status (seen before and after this read): the bank said otherwise on both sides.
  if (before !== undefined && before.lastSeenAt.getTime() >= read.readAt.getTime()) return;
  const afterRows = await tx
    .select()
    .from(paymentStatusReads)
    .where(and(ofPayment, gt(paymentStatusReads.firstSeenAt, read.readAt)))
    .orderBy(asc(paymentStatusReads.firstSeenAt), asc(paymentStatusReads.id))
    .limit(1);
  const after = afterRows[0];
  if (after !== undefined && after.status === read.status) {
    await tx
      .update(paymentStatusReads)
      .set({ firstSeenAt: read.readAt, source: read.source, ...counted })
      .where(eq(paymentStatusReads.id, after.id));
    return;
  }
  await tx.insert(paymentStatusReads).values({
    paymentId,
    status: read.status,
    fundsAvailable: read.fundsAvailable ?? null,
    firstSeenAt: read.readAt,
    lastSeenAt: read.readAt,
    source: read.source,
  });
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
