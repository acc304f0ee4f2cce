import { BankError } from "../../errors";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import type { SandboxContext } from "./sandbox-context";
import type { SetSandboxBalanceInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxBalance } from "../../../psd2/schemas";

function checkCurrency(given: string, expected: string, what: string): void {
  if (given !== expected) {
    throw new BankError("FORMAT_ERROR", `balanceAmount.currency is ${given}, but the ${what}'s currency is ${expected}`, {
      path: "balanceAmount.currency",
    });
  }
}

/**
 * PUT /v1/sandbox/accounts/{mockAccountId}/balances: sets the account's booked balance (today's
 * bookings included), from which closingBooked, expected and interimAvailable are derived. The body
 * comes parsed by the route's schema (setSandboxBalanceSchema); its currency is checked here.
 *
 * @see docs/interface/endpoints.md#other-operations (balances can be updated); docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function setSandboxAccountBalance(
  { db, clock }: SandboxContext,
  accountId: string,
  input: SetSandboxBalanceInput,
): Promise<SandboxBalance> {
  return db.transaction(async (tx) => {
    const accounts = createAccountsRepository(tx);
    const account = await accounts.findByIdForUpdate(accountId);
    if (!account) throw new BankError("RESOURCE_UNKNOWN", `no sandbox account has the id ${JSON.stringify(accountId)}`);
    const { balanceAmount } = input;
    checkCurrency(balanceAmount.currency, account.currency, "account");
    await accounts.setBookedBalance(account.id, balanceAmount.amount);
    return { resourceId: account.id, balanceAmount, lastChangeDateTime: clock.now().toISOString() };
  });
}

/**
 * PUT /v1/sandbox/card-accounts/{mockCardAccountId}/balances: sets the card account's booked
 * balance (negative when the card owes money).
 *
 * @see docs/interface/endpoints.md#other-operations; docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function setSandboxCardAccountBalance(
  { db, clock }: SandboxContext,
  cardAccountId: string,
  input: SetSandboxBalanceInput,
): Promise<SandboxBalance> {
  return db.transaction(async (tx) => {
    const cardAccounts = createCardAccountsRepository(tx);
    const cardAccount = await cardAccounts.findByIdForUpdate(cardAccountId);
    if (!cardAccount) throw new BankError("RESOURCE_UNKNOWN", `no sandbox card account has the id ${JSON.stringify(cardAccountId)}`);
    const { balanceAmount } = input;
    checkCurrency(balanceAmount.currency, cardAccount.currency, "card account");
    await cardAccounts.setBookedBalance(cardAccount.id, balanceAmount.amount);
    return { resourceId: cardAccount.id, balanceAmount, lastChangeDateTime: clock.now().toISOString() };
  });
}
