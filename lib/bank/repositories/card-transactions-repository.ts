import type { Executor } from "../db/open-bank-database";
import { cardTransactions } from "../db/schema";
import { createLedgerRepository, type LedgerTable, selectLedgerRows } from "./ledger-repository";
import { textOrNull, type UnnestColumn } from "./unnest-insert";
import { formatAmount } from "./money";

export type CardTransactionRecord = typeof cardTransactions.$inferSelect;
export type NewCardTransaction = typeof cardTransactions.$inferInsert;
export type CardTransactionStatus = CardTransactionRecord["status"];

/** Every inserted column of a row, for the batch insert (seq comes from its sequence). */
const UNNEST_COLUMNS: UnnestColumn<NewCardTransaction>[] = [
  { column: cardTransactions.id, type: "text", value: (r) => r.id },
  { column: cardTransactions.cardAccountId, type: "text", value: (r) => r.cardAccountId },
  { column: cardTransactions.status, type: "text", value: (r) => r.status },
  { column: cardTransactions.bookingDate, type: "date", value: (r) => textOrNull(r.bookingDate) },
  { column: cardTransactions.transactionDate, type: "date", value: (r) => r.transactionDate },
  { column: cardTransactions.sortDate, type: "date", value: (r) => r.sortDate },
  { column: cardTransactions.amount, type: "numeric", value: (r) => r.amount },
  { column: cardTransactions.currency, type: "text", value: (r) => r.currency },
  { column: cardTransactions.originalAmount, type: "numeric", value: (r) => r.originalAmount },
  { column: cardTransactions.originalCurrency, type: "text", value: (r) => r.originalCurrency },
  { column: cardTransactions.merchantName, type: "text", value: (r) => textOrNull(r.merchantName) },
  { column: cardTransactions.merchantCategoryCode, type: "text", value: (r) => r.merchantCategoryCode },
  { column: cardTransactions.origin, type: "text", value: (r) => r.origin ?? "manual" },
  { column: cardTransactions.createdAt, type: "timestamptz", value: (r) => r.createdAt.toISOString() },
];

function toCardTransactionRecord(row: CardTransactionRecord): CardTransactionRecord {
  return {
    ...row,
    amount: formatAmount(row.amount, row.currency),
    originalAmount: formatAmount(row.originalAmount, row.originalCurrency),
  };
}

/** The ledger's table and columns. */
const LEDGER: LedgerTable<CardTransactionRecord, NewCardTransaction> = {
  table: cardTransactions,
  owner: cardTransactions.cardAccountId,
  id: cardTransactions.id,
  status: cardTransactions.status,
  sortDate: cardTransactions.sortDate,
  seq: cardTransactions.seq,
  amount: cardTransactions.amount,
  unnestColumns: UNNEST_COLUMNS,
  toRecord: toCardTransactionRecord,
  selectRows: selectLedgerRows(cardTransactions),
  insertRows: (db, rows) => db.insert(cardTransactions).values(rows).returning(),
};

/** Transactions of card accounts: booked and pending, in the card account's currency with the merchant's original amount. */
export function createCardTransactionsRepository(db: Executor) {
  return createLedgerRepository<CardTransactionRecord, NewCardTransaction, CardTransactionStatus>(db, LEDGER);
}
