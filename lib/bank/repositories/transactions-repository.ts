import type { Executor } from "../db/open-bank-database";
import { transactions } from "../db/schema";
import { createLedgerRepository, type LedgerTable, selectLedgerRows } from "./ledger-repository";
import { jsonOrNull, textOrNull, type UnnestColumn } from "./unnest-insert";
import { formatAmount } from "./money";

export type TransactionRecord = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type TransactionStatus = TransactionRecord["status"];

/** Every inserted column of a row, for the batch insert (seq comes from its sequence). */
const UNNEST_COLUMNS: UnnestColumn<NewTransaction>[] = [
  { column: transactions.id, type: "text", value: (r) => r.id },
  { column: transactions.accountId, type: "text", value: (r) => r.accountId },
  { column: transactions.status, type: "text", value: (r) => r.status },
  { column: transactions.bookingDate, type: "date", value: (r) => textOrNull(r.bookingDate) },
  { column: transactions.valueDate, type: "date", value: (r) => r.valueDate },
  { column: transactions.sortDate, type: "date", value: (r) => r.sortDate },
  { column: transactions.amount, type: "numeric", value: (r) => r.amount },
  { column: transactions.currency, type: "text", value: (r) => r.currency },
  { column: transactions.entryReference, type: "text", value: (r) => textOrNull(r.entryReference) },
  { column: transactions.endToEndId, type: "text", value: (r) => textOrNull(r.endToEndId) },
  { column: transactions.creditorName, type: "text", value: (r) => textOrNull(r.creditorName) },
  { column: transactions.creditorAccount, type: "jsonb", value: (r) => jsonOrNull(r.creditorAccount) },
  { column: transactions.debtorName, type: "text", value: (r) => textOrNull(r.debtorName) },
  { column: transactions.debtorAccount, type: "jsonb", value: (r) => jsonOrNull(r.debtorAccount) },
  { column: transactions.remittanceUnstructured, type: "text", value: (r) => textOrNull(r.remittanceUnstructured) },
  { column: transactions.remittanceStructured, type: "text", value: (r) => textOrNull(r.remittanceStructured) },
  { column: transactions.proprietaryCode, type: "text", value: (r) => textOrNull(r.proprietaryCode) },
  { column: transactions.details, type: "jsonb", value: (r) => jsonOrNull(r.details) },
  { column: transactions.paymentId, type: "text", value: (r) => textOrNull(r.paymentId) },
  { column: transactions.origin, type: "text", value: (r) => r.origin ?? "manual" },
  { column: transactions.createdAt, type: "timestamptz", value: (r) => r.createdAt.toISOString() },
];

function toTransactionRecord(row: TransactionRecord): TransactionRecord {
  return { ...row, amount: formatAmount(row.amount, row.currency) };
}

/** The ledger's table and columns. */
const LEDGER: LedgerTable<TransactionRecord, NewTransaction> = {
  table: transactions,
  owner: transactions.accountId,
  id: transactions.id,
  status: transactions.status,
  sortDate: transactions.sortDate,
  seq: transactions.seq,
  amount: transactions.amount,
  unnestColumns: UNNEST_COLUMNS,
  toRecord: toTransactionRecord,
  selectRows: selectLedgerRows(transactions),
  insertRows: (db, rows) => db.insert(transactions).values(rows).returning(),
};

/** Transactions of payment accounts: booked, pending and rejected. */
export function createTransactionsRepository(db: Executor) {
  return createLedgerRepository<TransactionRecord, NewTransaction, TransactionStatus>(db, LEDGER);
}
