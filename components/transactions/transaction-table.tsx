import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import type { MoneyLike } from "../format";
import { Amount } from "../ui/amount";

/** One transaction as a row: its date, what it was (a link to its details where there are some), the notes under it, the third column's cell and the amount. */
export interface TransactionRow {
  readonly key: string;
  readonly date: ReactNode;
  readonly title: string;
  readonly href?: string | undefined;
  readonly notes?: ReactNode;
  readonly third: ReactNode;
  readonly amount: MoneyLike;
  /** A pending transaction of an account, set off from the booked ones. */
  readonly highlight?: boolean;
}

/** The third column: an account's transaction type (wide screens), a card transaction's original amount (from small screens up). */
const THIRD_COLUMNS = {
  type: {
    header: "Type",
    head: "hidden w-40 py-2 pr-3 font-medium lg:table-cell",
    cell: "hidden py-3 pr-3 align-top text-slate-500 lg:table-cell",
  },
  "original-amount": {
    header: "Original amount",
    head: "hidden w-36 py-2 pr-3 text-right font-medium sm:table-cell",
    cell: "hidden py-3 pr-3 text-right align-top sm:table-cell",
  },
} as const;

/** Transactions as a table: date, description, a third column, amount (signed). */
export function TransactionTable({
  caption,
  describedAs,
  third,
  rows,
}: {
  caption: string;
  /** The second column's heading: "Description", "Merchant". */
  describedAs: string;
  third: keyof typeof THIRD_COLUMNS;
  rows: readonly TransactionRow[];
}) {
  const column = THIRD_COLUMNS[third];
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="w-24 py-2 pr-3 font-medium sm:w-32">
            Date
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {describedAs}
          </th>
          <th scope="col" className={column.head}>
            {column.header}
          </th>
          <th scope="col" className="w-32 py-2 text-right font-medium sm:w-36">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key} className={row.highlight === true ? "bg-amber-50/50" : undefined}>
            <td className="py-3 pr-3 align-top whitespace-nowrap text-slate-600">{row.date}</td>
            <td className="min-w-0 py-3 pr-3 align-top">
              {row.href === undefined ? (
                <span className="block font-medium break-words text-slate-900 sm:truncate">{row.title}</span>
              ) : (
                <Link
                  href={row.href}
                  className="block font-medium break-words text-slate-900 hover:text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:truncate"
                >
                  {row.title}
                </Link>
              )}
              {row.notes}
            </td>
            <td className={column.cell}>{row.third}</td>
            <td className="py-3 text-right align-top font-medium">
              <Amount money={row.amount} signed />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
