import { BankError } from "../../errors";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { createCardTransactionsRepository, type NewCardTransaction } from "../../repositories/card-transactions-repository";
import { createRandomId } from "../../repositories/ids";
import { addAmounts } from "../../repositories/money";
import type { SandboxContext } from "./sandbox-context";
import { checkBookedBalance } from "./check-booked-balance";
import type { CreateSandboxCardTransactionsInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxCreatedCardTransactions } from "../../../psd2/schemas";
import { toSandboxCardTransaction } from "./sandbox-wire";

/**
 * POST /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: adds card transactions, all or
 * none. transactionAmount is in the card account's currency (negative for a purchase);
 * originalAmount is what the merchant charged, possibly in another currency (default: the
 * transactionAmount). Booked ones change the booked balance. The body comes parsed by the route's
 * schema (createSandboxCardTransactionsSchema: whole-number amounts already read as decimal strings);
 * the rules that need the card account or today are checked here.
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing; docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createSandboxCardTransactions(
  { db, clock }: SandboxContext,
  cardAccountId: string,
  items: CreateSandboxCardTransactionsInput,
): Promise<SandboxCreatedCardTransactions> {
  return db.transaction(async (tx) => {
    const cardAccounts = createCardAccountsRepository(tx);
    const cardAccount = await cardAccounts.findByIdForUpdate(cardAccountId);
    if (!cardAccount) throw new BankError("RESOURCE_UNKNOWN", `no sandbox card account has the id ${JSON.stringify(cardAccountId)}`);
    const today = clock.today();
    const now = clock.now();

    const rows = items.map((item, index): NewCardTransaction => {
      const at = `[${index}]`;
      const amount = item.transactionAmount;
      if (amount.currency !== cardAccount.currency) {
        throw new BankError(
          "FORMAT_ERROR",
          `${at}.transactionAmount.currency is ${amount.currency}, but the card account's currency is ${cardAccount.currency}; the original currency goes in originalAmount`,
          { path: `${at}.transactionAmount.currency` },
        );
      }
      const original = item.originalAmount ?? amount;
      if (original.amount.startsWith("-") !== amount.amount.startsWith("-")) {
        throw new BankError(
          "FORMAT_ERROR",
          `${at}.originalAmount.amount must have the sign of transactionAmount.amount (negative for a purchase)`,
          {
            path: `${at}.originalAmount.amount`,
          },
        );
      }
      const transactionDate = item.transactionDate ?? today;
      if (transactionDate > today) {
        throw new BankError("FORMAT_ERROR", `${at}.transactionDate ${transactionDate} is after today (${today})`, {
          path: `${at}.transactionDate`,
        });
      }
      const status = item.bookingStatus ?? "booked";
      let bookingDate: string | null = null;
      if (status === "booked") {
        bookingDate = item.bookingDate ?? transactionDate;
        if (bookingDate > today || bookingDate < transactionDate) {
          throw new BankError(
            "FORMAT_ERROR",
            `${at}.bookingDate ${bookingDate} must be from the transactionDate (${transactionDate}) to today (${today})`,
            { path: `${at}.bookingDate` },
          );
        }
      } else if (item.bookingDate !== undefined) {
        throw new BankError("FORMAT_ERROR", `${at}.bookingDate must be absent: a pending card transaction is not booked yet`, {
          path: `${at}.bookingDate`,
        });
      }
      return {
        id: createRandomId(),
        cardAccountId: cardAccount.id,
        status,
        bookingDate,
        transactionDate,
        sortDate: bookingDate ?? transactionDate,
        amount: amount.amount,
        currency: cardAccount.currency,
        originalAmount: original.amount,
        originalCurrency: original.currency,
        merchantName: item.transactionDetails ?? null,
        merchantCategoryCode: item.merchantCategoryCode,
        origin: "manual",
        createdAt: now,
      };
    });

    checkBookedBalance(cardAccount.currency, cardAccount.bookedBalance, rows);
    const created = await createCardTransactionsRepository(tx).insertAll(rows);
    const booked = rows.filter((row) => row.status === "booked").map((row) => row.amount);
    const balance =
      booked.length > 0
        ? await cardAccounts.addToBookedBalance(cardAccount.id, addAmounts(cardAccount.currency, ...booked))
        : cardAccount.bookedBalance;
    return {
      cardTransactions: created.map(toSandboxCardTransaction),
      cardAccount: { resourceId: cardAccount.id, balance: { currency: cardAccount.currency, amount: balance } },
    };
  });
}
