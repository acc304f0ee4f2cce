/**
 * The money side of a payment: the transactions it makes on the debtor account (and on a creditor
 * account inside the sandbox), and the booked balances. Every function runs inside the caller's
 * transaction, after the caller locked the payment's row; the accounts are locked here, in the
 * order of their ids, before any balance is read, so that two executions never interleave.
 *
 * Pending first, then booked: a payment accepted for execution reserves its debits as pending
 * transactions; execution books those same rows (their ids stay), or marks them rejected when
 * the funds do not suffice. Instant payments and periodic executions are booked at once.
 *
 * @see docs/interface/accounts.md#balances, docs/interface/payments.md#lifecycle
 */
import { randomInt } from "node:crypto";
import type { Executor } from "../../db/open-bank-database";
import type { PaymentEntryRecord } from "../../db/schema";
import { type AccountRecord, createAccountsRepository } from "../../repositories/accounts-repository";
import { createRandomId } from "../../repositories/ids";
import { addAmounts, negateAmount, STORAGE_SCALE, toMinorUnits } from "../../repositories/money";
import { createPaymentTransactionsRepository } from "../../repositories/payment-transactions-repository";
import type { PaymentRow } from "../../repositories/payments-repository";
import { createTransactionsRepository, type NewTransaction } from "../../repositories/transactions-repository";
import { convertAmount, isConvertibleCurrency } from "./convert-amount";

type PaymentForBooking = Pick<
  PaymentRow,
  "id" | "service" | "product" | "debtorAccountId" | "entries" | "batchBooking" | "debitAmount" | "debitCurrency" | "feeAmount"
>;

/** The proprietary bank transaction code of a debit, as Norwegian banks label them. */
const DEBIT_CODES = {
  "norwegian-domestic-credit-transfers": "Nettgiro",
  "sepa-credit-transfers": "Utlandsbetaling",
  "instant-norwegian-credit-transfers-straks": "Straksbetaling",
} as const;

const entryReference = () => String(randomInt(10 ** 10, 10 ** 11));

const referenceOf = (entry: PaymentEntryRecord) => entry.creditorAccount.bban ?? entry.creditorAccount.iban ?? "";

/** The first KID (or other structured reference) of an entry: the transaction's structured remittance. */
function structuredOf(entry: PaymentEntryRecord): string | null {
  return entry.remittanceStructured?.[0]?.reference ?? null;
}

/** Sandbox accounts that are creditors of a payment's entries, by BBAN and IBAN. */
async function findCreditors(db: Executor, entries: readonly PaymentEntryRecord[]): Promise<Map<string, AccountRecord>> {
  const bbans = entries.flatMap((entry) => (entry.creditorAccount.bban === undefined ? [] : [entry.creditorAccount.bban]));
  const ibans = entries.flatMap((entry) => (entry.creditorAccount.iban === undefined ? [] : [entry.creditorAccount.iban]));
  const found = await createAccountsRepository(db).findByBbansOrIbans(bbans, ibans);
  const byReference = new Map<string, AccountRecord>();
  for (const account of found) {
    byReference.set(account.bban, account);
    byReference.set(account.iban, account);
  }
  return byReference;
}

/**
 * Locks the debtor and sandbox creditor accounts of these payments, in the order of their ids
 * (every locker uses that order: no deadlock). Call it once for all the payments a transaction
 * will execute, before executing any.
 */
export async function lockPaymentAccounts(db: Executor, payments: readonly PaymentForBooking[]): Promise<void> {
  const creditors = await findCreditors(
    db,
    payments.flatMap((payment) => payment.entries),
  );
  const ids = new Set<string>([
    ...payments.map((payment) => payment.debtorAccountId),
    ...[...creditors.values()].map((account) => account.id),
  ]);
  const accounts = createAccountsRepository(db);
  for (const id of [...ids].sort()) await accounts.findByIdForUpdate(id);
}

/** The debtor's transactions of one execution: a debit per entry (or one for a bulk's sum), and the fee. */
function debtorLegs(
  payment: PaymentForBooking,
  debtor: AccountRecord,
  creditors: ReadonlyMap<string, AccountRecord>,
  dates: { valueDate: string; bookingDate: string | null; status: NewTransaction["status"] },
  now: Date,
): NewTransaction[] {
  const common = {
    accountId: debtor.id,
    status: dates.status,
    bookingDate: dates.bookingDate,
    valueDate: dates.valueDate,
    sortDate: dates.bookingDate ?? dates.valueDate,
    currency: debtor.currency,
    debtorName: debtor.ownerName,
    debtorAccount: { bban: debtor.bban, iban: debtor.iban, currency: debtor.currency },
    paymentId: payment.id,
    origin: "manual" as const,
    createdAt: now,
  };
  const legs: NewTransaction[] = [];
  if (payment.batchBooking) {
    const count = payment.entries.length;
    legs.push({
      ...common,
      id: createRandomId(),
      entryReference: entryReference(),
      amount: negateAmount(payment.debitAmount),
      creditorName: `Bulk payment, ${count} transfer${count === 1 ? "" : "s"}`,
      remittanceUnstructured: `Bulk payment ${payment.id}: ${count} transfer${count === 1 ? "" : "s"}`,
      proprietaryCode: "Massebetaling",
      details: { additionalInformation: `Batch booking of bulk payment ${payment.id}` },
    });
  } else {
    for (const entry of payment.entries) {
      const creditor = creditors.get(referenceOf(entry));
      legs.push({
        ...common,
        id: createRandomId(),
        entryReference: entryReference(),
        endToEndId: entry.endToEndId ?? null,
        amount: negateAmount(entry.debitAmount),
        creditorName: entry.creditorName,
        creditorAccount: { ...entry.creditorAccount },
        remittanceUnstructured: entry.remittanceUnstructured ?? null,
        remittanceStructured: structuredOf(entry),
        proprietaryCode: creditor?.customerId === debtor.customerId ? "Overføring" : DEBIT_CODES[payment.product],
        details: {
          additionalInformation:
            entry.currency === debtor.currency
              ? `Payment ${payment.id}`
              : `Payment ${payment.id}: ${entry.currency} ${entry.amount} at the sandbox rate`,
        },
      });
    }
  }
  if (payment.feeAmount !== null) {
    legs.push({
      ...common,
      id: createRandomId(),
      entryReference: entryReference(),
      amount: negateAmount(payment.feeAmount),
      remittanceUnstructured: "Fee, instant payment (straks)",
      proprietaryCode: "Gebyr",
      details: { additionalInformation: `Fee of payment ${payment.id}` },
    });
  }
  return legs;
}

/** The credits of one execution on creditor accounts inside the sandbox, in their currency. */
function creditLegs(
  payment: PaymentForBooking,
  debtor: AccountRecord,
  creditors: ReadonlyMap<string, AccountRecord>,
  bookingDate: string,
  now: Date,
): NewTransaction[] {
  return payment.entries.flatMap((entry): NewTransaction[] => {
    const creditor = creditors.get(referenceOf(entry));
    if (!creditor || !isConvertibleCurrency(entry.currency) || !isConvertibleCurrency(creditor.currency)) return [];
    return [
      {
        id: createRandomId(),
        accountId: creditor.id,
        status: "booked",
        bookingDate,
        valueDate: bookingDate,
        sortDate: bookingDate,
        amount: convertAmount(entry.amount, entry.currency, creditor.currency),
        currency: creditor.currency,
        entryReference: entryReference(),
        endToEndId: entry.endToEndId ?? null,
        creditorName: creditor.ownerName,
        creditorAccount: { bban: creditor.bban, iban: creditor.iban, currency: creditor.currency },
        debtorName: debtor.ownerName,
        debtorAccount: { bban: debtor.bban, iban: debtor.iban, currency: debtor.currency },
        remittanceUnstructured: entry.remittanceUnstructured ?? null,
        remittanceStructured: structuredOf(entry),
        proprietaryCode: creditor.customerId === debtor.customerId ? "Overføring" : "Innbetaling",
        details: { additionalInformation: `Payment ${payment.id}` },
        paymentId: payment.id,
        origin: "manual",
        createdAt: now,
      },
    ];
  });
}

/** What one execution takes from the debtor account: the debits and the fee. */
function totalDebit(payment: PaymentForBooking): string {
  return addAmounts(payment.debitCurrency, payment.debitAmount, payment.feeAmount ?? "0");
}

/**
 * Reserves a payment accepted for execution: its debits (and fee) as pending transactions on the
 * debtor account, dated on the execution date. They lower the available balance until executed.
 */
export async function reservePayment(db: Executor, payment: PaymentForBooking, valueDate: string, now: Date): Promise<void> {
  const debtor = await createAccountsRepository(db).findById(payment.debtorAccountId);
  if (!debtor) throw new Error(`the debtor account of payment ${payment.id} is gone`);
  const creditors = await findCreditors(db, payment.entries);
  await createTransactionsRepository(db).insertAll(
    debtorLegs(payment, debtor, creditors, { valueDate, bookingDate: null, status: "pending" }, now),
  );
}

/**
 * Executes a payment (or one execution of a periodic one) on a booking date, if the funds
 * suffice: the booked balance plus the credit limit must cover the debits and the fee. Then its
 * pending transactions are booked (or, without any, booked transactions are made), the debtor's
 * booked balance falls, and sandbox creditors are credited. Otherwise its pending transactions
 * are marked rejected (or, with `recordRejection`, rejected ones are made) and nothing is booked.
 * The caller has locked the payment and, with lockPaymentAccounts, the accounts.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export async function executePayment(
  db: Executor,
  payment: PaymentForBooking,
  dates: { bookingDate: string; valueDate: string },
  options: { now: Date; recordRejection: boolean },
): Promise<{ fundsAvailable: boolean }> {
  const accounts = createAccountsRepository(db);
  const ledger = createPaymentTransactionsRepository(db);
  const creditors = await findCreditors(db, payment.entries);
  const debtor = await accounts.findByIdForUpdate(payment.debtorAccountId);
  if (!debtor) throw new Error(`the debtor account of payment ${payment.id} is gone`);
  const pending = await ledger.listPending(payment.id);
  const total = totalDebit(payment);
  const available = toMinorUnits(debtor.bookedBalance, STORAGE_SCALE) + toMinorUnits(debtor.creditLimit, STORAGE_SCALE);
  if (available < toMinorUnits(total, STORAGE_SCALE)) {
    for (const row of pending) await ledger.reject(row.id);
    if (pending.length === 0 && options.recordRejection) {
      await createTransactionsRepository(db).insertAll(
        debtorLegs(payment, debtor, creditors, { ...dates, bookingDate: null, status: "rejected" }, options.now),
      );
    }
    return { fundsAvailable: false };
  }
  if (pending.length > 0) {
    for (const row of pending) await ledger.book(row.id, dates.bookingDate);
  } else {
    await createTransactionsRepository(db).insertAll(debtorLegs(payment, debtor, creditors, { ...dates, status: "booked" }, options.now));
  }
  await accounts.addToBookedBalance(debtor.id, negateAmount(total));
  const credits = creditLegs(payment, debtor, creditors, dates.bookingDate, options.now);
  if (credits.length > 0) await createTransactionsRepository(db).insertAll(credits);
  for (const credit of credits) await accounts.addToBookedBalance(credit.accountId, credit.amount);
  return { fundsAvailable: true };
}

/** Removes the reservation of a payment cancelled before its execution. */
export async function releasePayment(db: Executor, paymentId: string): Promise<void> {
  await createPaymentTransactionsRepository(db).deletePending(paymentId);
}
