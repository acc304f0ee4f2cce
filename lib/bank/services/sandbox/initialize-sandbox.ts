/**
 * Sandbox initialisation (POST /v1/sandbox/initialize): back to the known state, in one database
 * transaction.
 *
 * Kept: registered TPPs (and their contact e-mail addresses), the bank's settings (its keys, the
 * sandbox clock), and the psu-ids and psu-corporate-ids of the initial customers and agreements:
 * those rows are updated in place, never deleted, so a TPP's stored PSU-ID keeps working.
 *
 * Reset: every customer that is not an initial one is deleted, with all it owns (origin
 * "manual"; the foreign keys cascade); so are agreements, accounts and card accounts made by hand
 * for the initial customers. The initial customers' accounts, card accounts, agreement links and
 * transactions are made anew from the dataset, with the same ids. Payments and signing baskets,
 * consents, SCA sessions, SCA journeys (authorisations), the bank's browser sessions and the
 * counters of calls without the PSU present are cleared.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
import type { Executor } from "../../db/open-bank-database";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createAgreementsRepository } from "../../repositories/agreements-repository";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { createCardTransactionsRepository } from "../../repositories/card-transactions-repository";
import { createCustomersRepository } from "../../repositories/customers-repository";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { createSandboxResetRepository } from "../../repositories/sandbox-reset-repository";
import { createSigningBasketsRepository } from "../../repositories/signing-baskets-repository";
import { createTransactionsRepository } from "../../repositories/transactions-repository";
import type { SandboxInitialisation } from "../../../psd2/schemas";
import { buildSandboxDataset, type SandboxDataset } from "./build-sandbox-dataset";
import type { SandboxContext } from "./sandbox-context";

async function writeDataset(tx: Executor, dataset: SandboxDataset): Promise<void> {
  const reset = createSandboxResetRepository(tx);
  const customers = createCustomersRepository(tx);
  const agreements = createAgreementsRepository(tx);
  const accounts = createAccountsRepository(tx);
  const cardAccounts = createCardAccountsRepository(tx);

  await reset.clearAccessState();
  // Payments and signing baskets go before the accounts they name (see README.md beside this file).
  await createPaymentsRepository(tx).deleteAll();
  await createSigningBasketsRepository(tx).deleteAll();

  await customers.deleteAllExcept(dataset.customers.map((customer) => customer.id));
  await agreements.deleteAllExcept(dataset.agreements.map(({ agreement }) => agreement.id));
  await reset.truncateTransactions();
  await cardAccounts.deleteAll();
  await accounts.deleteAll();

  await customers.upsertMany(dataset.customers);
  await agreements.upsertMany(dataset.agreements.map(({ agreement }) => agreement));
  await accounts.insertMany(dataset.accounts);
  await cardAccounts.insertMany(dataset.cardAccounts);
  await agreements.insertAccountLinks(
    dataset.agreements.flatMap(({ agreement, accountIds }) => accountIds.map((accountId) => ({ agreementId: agreement.id, accountId }))),
  );
  await createTransactionsRepository(tx).insertMany(dataset.transactions);
  await createCardTransactionsRepository(tx).insertMany(dataset.cardTransactions);
}

/** Resets the sandbox to its known state for the sandbox clock's today. @see docs/interface/sandbox-operations.md#sandbox-operations */
export async function initializeSandbox({ db, clock }: SandboxContext): Promise<SandboxInitialisation> {
  const dataset = buildSandboxDataset(clock.today());
  await db.transaction((tx) => writeDataset(tx, dataset));
  return {
    today: dataset.today,
    customers: dataset.customers.length,
    agreements: dataset.agreements.length,
    accounts: dataset.accounts.length,
    cardAccounts: dataset.cardAccounts.length,
    transactions: dataset.transactions.length,
    cardTransactions: dataset.cardTransactions.length,
  };
}

/**
 * Initialises an empty sandbox (no customers yet), as on the bank's first start; leaves a
 * sandbox with data alone. Returns the initialisation, or undefined when there was data.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function ensureSandboxData({ db, clock }: SandboxContext): Promise<SandboxInitialisation | undefined> {
  if ((await createCustomersRepository(db).count()) > 0) return undefined;
  return initializeSandbox({ db, clock });
}
