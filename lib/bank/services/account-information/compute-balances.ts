import type { Executor } from "../../db/open-bank-database";
import type { AccountRecord } from "../../repositories/accounts-repository";
import type { CardAccountRecord } from "../../repositories/card-accounts-repository";
import { createCardTransactionsRepository } from "../../repositories/card-transactions-repository";
import type { BalanceSums as Sums } from "../../repositories/ledger-repository";
import { addAmounts, subtractAmounts } from "../../repositories/money";
import { createTransactionsRepository } from "../../repositories/transactions-repository";
import type { Balance } from "../../../psd2/schemas";
import { addDays } from "../../../psd2/time";
import type { ServiceClock } from "../service-context";

function toBalances(holder: { currency: string; bookedBalance: string; creditLimit: string }, sums: Sums, clock: ServiceClock): Balance[] {
  const { currency } = holder;
  const today = clock.today();
  const amount = (value: string) => ({ currency, amount: value });
  const creditLimitIncluded = !/^-?[0.]+$/.test(holder.creditLimit);
  return [
    {
      balanceType: "closingBooked",
      balanceAmount: amount(subtractAmounts(currency, holder.bookedBalance, sums.bookedToday)),
      referenceDate: addDays(today, -1),
    },
    { balanceType: "expected", balanceAmount: amount(addAmounts(currency, holder.bookedBalance, sums.pending)), referenceDate: today },
    {
      balanceType: "interimAvailable",
      balanceAmount: amount(addAmounts(currency, holder.bookedBalance, sums.pendingDebits, holder.creditLimit)),
      creditLimitIncluded,
      lastChangeDateTime: clock.now().toISOString(),
    },
  ];
}

/**
 * The balances of an account, each in the account's currency and consistent with its
 * transactions: closingBooked at the end of yesterday (the booked balance less today's
 * bookings), expected (booked plus every pending transaction) and interimAvailable (booked less
 * pending debits, plus any credit limit).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/accounts.md#account-information-notes
 */
export async function computeAccountBalances(db: Executor, clock: ServiceClock, account: AccountRecord): Promise<Balance[]> {
  return toBalances(account, await createTransactionsRepository(db).balanceSums(account.id, clock.today()), clock);
}

/** The balances of a card account, as for accounts; interimAvailable includes the credit limit. @see docs/interface/accounts.md#accounts-balances-transactions */
export async function computeCardAccountBalances(db: Executor, clock: ServiceClock, cardAccount: CardAccountRecord): Promise<Balance[]> {
  return toBalances(cardAccount, await createCardTransactionsRepository(db).balanceSums(cardAccount.id, clock.today()), clock);
}
