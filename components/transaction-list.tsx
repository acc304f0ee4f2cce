import Link from "next/link";
import type { AccountTransaction } from "@/lib/tpp/ais/ais-types";
import { formatDate } from "./format";
import { Amount } from "./ui/amount";
import { Badge } from "./ui/badge";

function describe(transaction: AccountTransaction): string {
  return transaction.counterpartyName ?? transaction.remittanceInformation ?? transaction.bankTransactionCode ?? "Transaction";
}

/** Transactions as rows: date, who and what, amount; pending ones marked; a link to the details where the bank offers them. */
export function TransactionList({
  transactions,
  accountId,
  caption,
}: {
  transactions: readonly AccountTransaction[];
  accountId: string;
  caption: string;
}) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="w-24 py-2 pr-3 font-medium sm:w-32">
            Date
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Description
          </th>
          <th scope="col" className="hidden w-40 py-2 pr-3 font-medium lg:table-cell">
            Type
          </th>
          <th scope="col" className="w-32 py-2 text-right font-medium sm:w-36">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {transactions.map((transaction, index) => {
          const pending = transaction.status === "pending";
          const href =
            transaction.id === undefined
              ? undefined
              : `/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(transaction.id)}`;
          const label = describe(transaction);
          return (
            <tr key={transaction.id ?? `pending-${index}`} className={pending ? "bg-amber-50/50" : undefined}>
              <td className="py-3 pr-3 align-top whitespace-nowrap text-slate-600">
                {pending ? <Badge tone="warning">Pending</Badge> : formatDate(transaction.bookingDate)}
              </td>
              <td className="min-w-0 py-3 pr-3 align-top">
                {href === undefined ? (
                  <span className="block font-medium break-words text-slate-900 sm:truncate">{label}</span>
                ) : (
                  <Link
                    href={href}
                    prefetch={false}
                    className="block font-medium break-words text-slate-900 hover:text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:truncate"
                  >
                    {label}
                  </Link>
                )}
                {transaction.remittanceInformation !== undefined && transaction.remittanceInformation !== label && (
                  <span className="block text-xs break-words text-slate-500 sm:truncate">{transaction.remittanceInformation}</span>
                )}
                {pending && transaction.valueDate !== undefined && (
                  <span className="block text-xs text-slate-500">Value date {formatDate(transaction.valueDate)}</span>
                )}
              </td>
              <td className="hidden py-3 pr-3 align-top text-slate-500 lg:table-cell">
                <span className="block truncate">{transaction.bankTransactionCode ?? "–"}</span>
              </td>
              <td className="py-3 text-right align-top font-medium">
                <Amount money={transaction.amount} signed />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
