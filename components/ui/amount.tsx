import { formatMoney, isDebit, type MoneyLike } from "../format";

/** An amount: credits green with a plus, debits in the text colour; tabular figures. */
export function Amount({ money, signed = false, className = "" }: { money: MoneyLike; signed?: boolean; className?: string }) {
  const tone = signed && !isDebit(money) && Number(money.amount) !== 0 ? "text-emerald-700" : "text-slate-900";
  return <span className={`tabular-nums whitespace-nowrap ${tone} ${className}`}>{formatMoney(money, { signed })}</span>;
}
