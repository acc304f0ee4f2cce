import { and, asc, eq, gt, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { payments } from "../db/schema";
import { formatAmount } from "./money";
import { registrationFromCertificate, type TppFromCertificate } from "./tpps-repository";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentStatus = PaymentRow["status"];
export type PaymentChanges = Partial<
  Pick<
    PaymentRow,
    | "status"
    | "fundsAvailable"
    | "customerId"
    | "agreementId"
    | "psuContext"
    | "executionDate"
    | "executions"
    | "basketId"
    | "authorisedAt"
    | "statusChangedAt"
  >
>;

/** The statuses after which nothing happens to a payment any more. @see docs/interface/payments.md#payments-in-the-sandbox */
export const FINAL_PAYMENT_STATUSES = ["ACSC", "RJCT", "CANC"] as const satisfies readonly PaymentStatus[];

/** Amounts as the wire wants them: the currency's fraction digits. */
function toPaymentRow(row: PaymentRow): PaymentRow {
  return {
    ...row,
    amount: formatAmount(row.amount, row.currency),
    debitAmount: formatAmount(row.debitAmount, row.debitCurrency),
    feeAmount: row.feeAmount === null ? null : formatAmount(row.feeAmount, row.debitCurrency),
  };
}

/** Payments of every service and product. */
export function createPaymentsRepository(db: Executor) {
  return {
    /** Inserts a payment; `registering`: in the same statement, registers its TPP first (tpps-repository.ts). */
    async insert(payment: NewPayment, registering?: { tpp: TppFromCertificate; at: Date }): Promise<PaymentRow> {
      const insert = registering
        ? db.with(db.$with("registered_tpp", {}).as(registrationFromCertificate(registering.tpp, registering.at))).insert(payments)
        : db.insert(payments);
      const rows = await insert.values(payment).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting a payment returned no row");
      return toPaymentRow(inserted);
    },

    async findById(id: string): Promise<PaymentRow | undefined> {
      const rows = await db.select().from(payments).where(eq(payments.id, id));
      return rows[0] && toPaymentRow(rows[0]);
    },

    /**
     * Reads a payment and locks its row until the transaction ends (SELECT ... FOR UPDATE): every
     * change of a payment's state takes this lock first, so that an approval, a deletion, a
     * basket and a batch run never both move one payment.
     */
    async findByIdForUpdate(id: string): Promise<PaymentRow | undefined> {
      const rows = await db.select().from(payments).where(eq(payments.id, id)).for("update");
      return rows[0] && toPaymentRow(rows[0]);
    },

    /** Locks several payments, always in the order of their ids (so that two lockers never deadlock). */
    async findManyForUpdate(ids: readonly string[]): Promise<PaymentRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(payments)
        .where(inArray(payments.id, [...ids]))
        .orderBy(asc(payments.id))
        .for("update");
      return rows.map(toPaymentRow);
    },

    async findByIds(ids: readonly string[]): Promise<PaymentRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(payments)
        .where(inArray(payments.id, [...ids]));
      return rows.map(toPaymentRow);
    },

    /** The payments of a basket, oldest first. */
    async listByBasket(basketId: string): Promise<PaymentRow[]> {
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.basketId, basketId))
        .orderBy(asc(payments.createdAt), asc(payments.id));
      return rows.map(toPaymentRow);
    },

    async update(id: string, changes: PaymentChanges): Promise<void> {
      await db.update(payments).set(changes).where(eq(payments.id, id));
    },

    /** Takes the payments out of a basket (the basket is being deleted). */
    async clearBasket(basketId: string): Promise<void> {
      await db.update(payments).set({ basketId: null }).where(eq(payments.basketId, basketId));
    },

    /**
     * Serialises the initiations of one TPP with one duplicate key until the transaction ends,
     * so that two identical requests at the same moment cannot both pass the duplicate check.
     */
    async lockDuplicateKey(tppId: string, duplicateKey: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment|${tppId}|${duplicateKey}`}))`);
    },

    /** A payment of this TPP with this duplicate key, made after `since`, that is not final. */
    async findRecentDuplicate(tppId: string, duplicateKey: string, since: Date): Promise<PaymentRow | undefined> {
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.tppId, tppId),
            eq(payments.duplicateKey, duplicateKey),
            gt(payments.createdAt, since),
            notInArray(payments.status, [...FINAL_PAYMENT_STATUSES]),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(1);
      return rows[0] && toPaymentRow(rows[0]);
    },

    /**
     * The ids of the single and bulk payments a batch run on `runDate` settles: accepted (ACTC),
     * or pending (PDNG) whose execution date has come; in the order they were approved.
     */
    async listDueForSettlement(runDate: string): Promise<string[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            inArray(payments.service, ["payments", "bulk-payments"]),
            or(eq(payments.status, "ACTC"), and(eq(payments.status, "PDNG"), lte(payments.executionDate, runDate))),
          ),
        )
        .orderBy(asc(payments.authorisedAt), asc(payments.id));
      return rows.map((row) => row.id);
    },

    /** The ids of the active periodic payments (ACCP) with an execution due by `runDate`. */
    async listDuePeriodic(runDate: string): Promise<string[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.service, "periodic-payments"), eq(payments.status, "ACCP"), lte(payments.executionDate, runDate)))
        .orderBy(asc(payments.executionDate), asc(payments.authorisedAt), asc(payments.id));
      return rows.map((row) => row.id);
    },

    /** Deletes every payment (sandbox initialisation). */
    async deleteAll(): Promise<void> {
      await db.delete(payments);
    },
  };
}
