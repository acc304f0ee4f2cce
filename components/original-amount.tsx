import { formatMoney, type MoneyLike } from "./format";

/**
 * A card transaction's original amount (as the merchant charged it), always as a number with
 * its currency: in the text colour when it is in another currency than the amount, quieter when
 * it is the same money; a dash when the bank gave none.
 */
export function OriginalAmount({ original, amount }: { original: MoneyLike | undefined; amount: MoneyLike }) {
  if (original === undefined) return <span className="text-slate-500">–</span>;
  const foreign = original.currency !== amount.currency;
  return <span className={`whitespace-nowrap tabular-nums ${foreign ? "text-slate-700" : "text-slate-500"}`}>{formatMoney(original)}</span>;
}
