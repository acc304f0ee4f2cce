import type { Executor } from "../../db/open-bank-database";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createAgreementsRepository } from "../../repositories/agreements-repository";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import type { CustomerRecord } from "../../repositories/customers-repository";
import type { SandboxCustomer } from "../../../psd2/schemas";
import { toSandboxCustomer } from "./sandbox-wire";

/** The spec's sandbox customer objects of some customers, with three queries whatever their number. */
export async function loadSandboxCustomers(db: Executor, customers: CustomerRecord[]): Promise<SandboxCustomer[]> {
  const ids = customers.map((customer) => customer.id);
  // One after the other: inside a transaction the queries share one connection anyway.
  const agreements = await createAgreementsRepository(db).listByCustomers(ids);
  const accounts = await createAccountsRepository(db).listByCustomers(ids);
  const cardAccounts = await createCardAccountsRepository(db).listByCustomers(ids);
  return customers.map((customer) =>
    toSandboxCustomer(
      customer,
      agreements.filter((agreement) => agreement.customerId === customer.id),
      accounts.filter((account) => account.customerId === customer.id),
      cardAccounts.filter((cardAccount) => cardAccount.customerId === customer.id),
    ),
  );
}
