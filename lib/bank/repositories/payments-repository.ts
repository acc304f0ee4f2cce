import { and, asc, eq, getTableColumns, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { payments } from "../db/schema";
import { formatAmount } from "./money";
import { preparedReadsOf } from "./prepared-reads";
import { registrationStatement, type TppFromCertificate } from "./tpps-repository";

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

/** The columns a payment's creation gives (payments-repository's store); the others take their defaults. */
const CREATION_COLUMNS = [
  "id",
  "tppId",
  "service",
  "product",
  "status",
  "customerId",
  "agreementId",
  "psuContext",
  "debtorAccountId",
  "request",
  "entries",
  "schedule",
  "batchBooking",
  "amount",
  "currency",
  "debitAmount",
  "debitCurrency",
  "feeAmount",
  "executionDate",
  "duplicateKey",
  "createdAt",
  "statusChangedAt",
] as const satisfies readonly (keyof NewPayment)[];

type CreationColumn = (typeof CREATION_COLUMNS)[number];

/** A new payment as its creation stores it: every creation column given (null where it has none). */
export type PaymentCreation = { [K in CreationColumn]-?: Exclude<NewPayment[K], undefined> };

/** The payment that makes a new one a logical duplicate. */
export type LogicalDuplicate = { id: string; status: string; createdAt: Date };

/** What the store of a new payment did: stored it, or found the logical duplicate that stops it. */
export type PaymentStored = { stored: PaymentRow; duplicate?: undefined } | { stored?: undefined; duplicate: LogicalDuplicate };

/** The SQLSTATE of payment_duplicate_key_checked's refusal (migration 0003). */
const DUPLICATE_SQLSTATE = "BKDUP";

const creationColumns = getTableColumns(payments);
const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The statement that stores a new payment, prepared: the TPP's registration (a WITH query, see
 * tpps-repository.ts), then the payment, whose duplicate_key is what payment_duplicate_key_checked
 * returns after it took the lock on the TPP and key and found no logical duplicate (migration 0003).
 * The values are bound already encoded (encodeCreation), so that a null stays SQL NULL.
 */
function prepareStore(db: Executor) {
  const values = Object.fromEntries(CREATION_COLUMNS.map((key) => [key, placeholder(key)])) as Record<CreationColumn, SQL>;
  values.duplicateKey = sql`payment_duplicate_key_checked(${sql.placeholder("tppId")}::text, ${sql.placeholder("duplicateKey")}::text, ${sql.placeholder("since")}::text::timestamptz, ${sql.placeholder("finalStatuses")}::text::text[])`;
  const registration = registrationStatement({
    id: sql.placeholder("tppId"),
    name: sql.placeholder("tppName"),
    roles: sql.placeholder("tppRoles"),
    at: sql.placeholder("registeredAt"),
  });
  return db.with(db.$with("registered_tpp", {}).as(registration)).insert(payments).values(values).returning().prepare("store_payment");
}

// Built once per database handle (the SQL text is made once; PostgreSQL keeps the named statement
// on each pooled connection, PGlite outside a transaction through prepared-reads.ts); a
// transaction's handle builds its own.
const preparedStores = new WeakMap<Executor, ReturnType<typeof prepareStore>>();

function preparedStore(db: Executor) {
  let statement = preparedStores.get(db);
  if (!statement) preparedStores.set(db, (statement = prepareStore(db)));
  return statement;
}

/** A creation's values as the driver takes them: each column's own encoding, null as SQL NULL. */
function encodeCreation(payment: PaymentCreation): Record<string, unknown> {
  return Object.fromEntries(
    CREATION_COLUMNS.map((key) => {
      const value: unknown = payment[key];
      return [key, value === null ? null : creationColumns[key].mapToDriverValue(value)];
    }),
  );
}

/** The duplicate that payment_duplicate_key_checked refused a payment for, from its error (drizzle wraps the driver's). */
function logicalDuplicateOf(error: unknown): LogicalDuplicate | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (!("code" in cause) || cause.code !== DUPLICATE_SQLSTATE) continue;
    const detail: unknown = "detail" in cause && typeof cause.detail === "string" ? JSON.parse(cause.detail) : undefined;
    if (typeof detail !== "object" || detail === null) break;
    const { id, status, createdAt } = detail as Record<string, unknown>;
    if (typeof id !== "string" || typeof status !== "string" || typeof createdAt !== "string") break;
    return { id, status, createdAt: new Date(createdAt) };
  }
  return undefined;
}

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
    /**
     * Stores a new payment in one statement: registers its TPP (tpps-repository.ts), takes the
     * lock on the TPP and duplicate key until the transaction ends (outside one, until the
     * statement ends), so that two identical creations at the same moment take turns, and unless
     * `since` is null looks for a logical duplicate: a payment of the TPP with the same key made
     * after `since` that is not final (migration 0003). Outside a transaction the statement stays
     * prepared.
     */
    async store(payment: PaymentCreation, options: { since: Date | null; tpp: TppFromCertificate; at: Date }): Promise<PaymentStored> {
      const statement = preparedStore(preparedReadsOf(db));
      try {
        const [stored] = await statement.execute({
          ...encodeCreation(payment),
          since: options.since?.toISOString() ?? null,
          finalStatuses: `{${FINAL_PAYMENT_STATUSES.join(",")}}`,
          tppName: options.tpp.name,
          tppRoles: JSON.stringify([...options.tpp.roles]),
          registeredAt: options.at.toISOString(),
        });
        if (!stored) throw new Error("storing a payment returned no row");
        return { stored: toPaymentRow(stored) };
      } catch (error) {
        const duplicate = logicalDuplicateOf(error);
        if (duplicate) return { duplicate };
        throw error;
      }
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
