import type { CardTransaction, PendingCardTransaction } from "@/lib/tpp/ais/ais-types";
import { formatDate, formatMoney } from "../format";
import { OriginalAmount } from "../original-amount";
import { TransactionTable, type TransactionRow } from "./transaction-table";

function pendingRow(t: PendingCardTransaction, index: number): TransactionRow {
  const foreign = t.originalAmount !== undefined && t.originalAmount.currency !== t.amount.currency;
  return {
    key: t.id ?? `pending-${index}`,
    date: t.transactionDate === undefined ? "–" : formatDate(t.transactionDate),
    title: t.details ?? "Card purchase",
    notes: (
      <span className="block text-xs text-slate-500">
        Pending, not booked yet{t.merchantCategoryCode === undefined ? "" : ` · MCC ${t.merchantCategoryCode}`}
        {foreign && t.originalAmount !== undefined && <span className="sm:hidden"> · {formatMoney(t.originalAmount)}</span>}
      </span>
    ),
    third: <OriginalAmount original={t.originalAmount} amount={t.amount} />,
    amount: t.amount,
  };
}

function bookedRow(t: CardTransaction): TransactionRow {
  const foreign = t.originalAmount.currency !== t.amount.currency;
  return {
    key: t.id,
    date: formatDate(t.transactionDate),
    title: t.details ?? "Card purchase",
    notes: (
      <span className="block text-xs text-slate-500">
        Booked {formatDate(t.bookingDate)} · MCC {t.merchantCategoryCode}
        {foreign && <span className="sm:hidden"> · {formatMoney(t.originalAmount)}</span>}
      </span>
    ),
    third: <OriginalAmount original={t.originalAmount} amount={t.amount} />,
    amount: t.amount,
  };
}

/** Card transactions, pending or booked, as rows: date, merchant, the amount as the merchant charged it, the amount. */
export function CardTransactionTable(
  props:
    | { readonly status: "pending"; readonly transactions: readonly PendingCardTransaction[] }
    | { readonly status: "booked"; readonly transactions: readonly CardTransaction[] },
) {
  return props.status === "pending" ? (
    <TransactionTable
      caption="Pending card transactions, not booked yet, with the amount as the merchant charged it"
      describedAs="Merchant"
      third="original-amount"
      rows={props.transactions.map(pendingRow)}
    />
  ) : (
    <TransactionTable
      caption="Booked card transactions, with the amount as the merchant charged it"
      describedAs="Merchant"
      third="original-amount"
      rows={props.transactions.map(bookedRow)}
    />
  );
}
