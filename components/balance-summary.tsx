import type { Balance } from "@/lib/tpp/ais/ais-types";
import { balanceTypeLabel, formatDate, formatDateTime, formatMoney } from "./format";
import { Amount } from "./ui/amount";

const ORDER = ["interimAvailable", "expected", "closingBooked"];

/** The balances in the order they are shown: available, expected, booked at end of day, then the others. */
function inShownOrder(balances: readonly Balance[]): Balance[] {
  return [...balances].sort((a, b) => ((ORDER.indexOf(a.type) + 99) % 99) - ((ORDER.indexOf(b.type) + 99) % 99));
}

/**
 * The compact summary's text in words, in the order it shows it ("Available 1 234,50 kr,
 * Expected 1 234,50 kr"): for an accessible name that carries what a card shows.
 */
export function describeBalances(balances: readonly Balance[]): string {
  if (balances.length === 0) return "No balances from the bank";
  return inShownOrder(balances)
    .map((balance) => `${balanceTypeLabel(balance.type)} ${formatMoney(balance.amount)}`)
    .join(", ");
}

/** The balances the bank gave, the available one first and largest. */
export function BalanceSummary({ balances, compact = false }: { balances: readonly Balance[]; compact?: boolean }) {
  const [main, ...rest] = inShownOrder(balances);
  if (main === undefined) return <p className="text-sm text-slate-500">No balances from the bank.</p>;
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{balanceTypeLabel(main.type)}</p>
      <p className={`mt-1 font-semibold tracking-tight ${compact ? "text-2xl" : "text-3xl"}`}>
        <Amount money={main.amount} />
      </p>
      {rest.length > 0 && (
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {rest.map((balance) => (
            <div key={balance.type}>
              <dt className="text-slate-500">
                {balanceTypeLabel(balance.type)}
                {!compact && balance.referenceDate !== undefined && (
                  <span className="text-slate-500"> · {formatDate(balance.referenceDate)}</span>
                )}
                {!compact && balance.referenceDate === undefined && balance.lastChangeDateTime !== undefined && (
                  <span className="text-slate-500"> · {formatDateTime(balance.lastChangeDateTime)}</span>
                )}
              </dt>
              <dd className="font-medium">
                <Amount money={balance.amount} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
