import type { AccountTransaction } from "@/lib/tpp/ais/ais-types";
import { formatDate } from "../format";
import { TransactionTable } from "./transaction-table";
import { Badge } from "../ui/badge";

function describe(transaction: AccountTransaction): string {
  return transaction.counterpartyName ?? transaction.remittanceInformation ?? transaction.bankTransactionCode ?? "Transaction";
}

/** An account's transactions as rows: date, who and what, type, amount; pending ones marked; a link to the details where the bank offers them. */
export function AccountTransactionTable({
  transactions,
  accountId,
  caption,
}: {
  transactions: readonly AccountTransaction[];
  accountId: string;
  caption: string;
}) {
  return (
    <TransactionTable
      caption={caption}
      describedAs="Description"
      third="type"
      rows={transactions.map((transaction, index) => {
        const pending = transaction.status === "pending";
        const label = describe(transaction);
        return {
          key: transaction.id ?? `pending-${index}`,
          date: pending ? <Badge tone="warning">Pending</Badge> : formatDate(transaction.bookingDate),
          title: label,
          href:
            transaction.id === undefined
              ? undefined
              : `/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(transaction.id)}`,
          notes: (
            <>
              {transaction.remittanceInformation !== undefined && transaction.remittanceInformation !== label && (
                <span className="block text-xs break-words text-slate-500 sm:truncate">{transaction.remittanceInformation}</span>
              )}
              {pending && transaction.valueDate !== undefined && (
                <span className="block text-xs text-slate-500">Value date {formatDate(transaction.valueDate)}</span>
              )}
            </>
          ),
          third: <span className="block truncate">{transaction.bankTransactionCode ?? "–"}</span>,
          amount: transaction.amount,
          highlight: pending,
        };
      })}
    />
  );
}
