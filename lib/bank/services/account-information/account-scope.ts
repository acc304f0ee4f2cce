import type { Executor } from "../../db/open-bank-database";
import { type AccountRecord, createAccountsRepository } from "../../repositories/accounts-repository";
import { type AgreementRecord, createAgreementsRepository } from "../../repositories/agreements-repository";
import { type CardAccountRecord, createCardAccountsRepository } from "../../repositories/card-accounts-repository";

/** The context a PSU acts in: privately, or for an organisation through one corporate agreement. */
export type PsuContextChoice = { context: "PRIVATE" } | { context: "CORPORATE"; agreement: AgreementRecord };

/** The accounts and card accounts a PSU reaches in one context. */
export type AccountScope = { accounts: AccountRecord[]; cardAccounts: CardAccountRecord[] };

/**
 * What a customer reaches in a context: privately, the customer's accounts outside every
 * corporate agreement, and the card accounts; in a corporate context, only the accounts of that
 * agreement (an agreement grants no card accounts).
 *
 * @see docs/interface/authentication.md#contexts; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function loadAccountScope(db: Executor, customerId: string, choice: PsuContextChoice): Promise<AccountScope> {
  const accounts = createAccountsRepository(db);
  if (choice.context === "CORPORATE") {
    if (choice.agreement.customerId !== customerId) return { accounts: [], cardAccounts: [] };
    return { accounts: await accounts.findByIds(choice.agreement.accountIds), cardAccounts: [] };
  }
  const agreements = await createAgreementsRepository(db).listByCustomer(customerId);
  const corporate = new Set(agreements.flatMap((agreement) => agreement.accountIds));
  const own = await accounts.listByCustomer(customerId);
  return {
    accounts: own.filter((account) => !corporate.has(account.id)),
    cardAccounts: await createCardAccountsRepository(db).listByCustomer(customerId),
  };
}

/** The customer's corporate agreement that covers an account, if any. */
export async function findAgreementOfAccount(
  db: Executor,
  account: { id: string; customerId: string },
): Promise<AgreementRecord | undefined> {
  const agreements = await createAgreementsRepository(db).listByCustomer(account.customerId);
  return agreements.find((agreement) => agreement.accountIds.includes(account.id));
}
