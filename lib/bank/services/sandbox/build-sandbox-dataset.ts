/**
 * The sandbox's known state as rows, for a given today: the initial customers, their accounts,
 * card accounts and agreements (deterministic ids, the same for every today), and 13 months of
 * generated history up to today (the same rows for the same today).
 */
import { ibanFromNorwegianBban } from "../../../psd2/validation";
import type { TransactionParty } from "../../db/schema";
import type { NewAccount } from "../../repositories/accounts-repository";
import type { NewAgreement } from "../../repositories/agreements-repository";
import type { NewCardAccount } from "../../repositories/card-accounts-repository";
import type { NewCardTransaction } from "../../repositories/card-transactions-repository";
import type { NewCustomer } from "../../repositories/customers-repository";
import { createDeterministicId } from "../../repositories/ids";
import type { NewTransaction } from "../../repositories/transactions-repository";
import { addMonths } from "./calendar";
import { generateCorporateHistory } from "./corporate-history";
import { INITIAL_CUSTOMERS } from "./initial-customers";
import { formatOre, type AccountLedger, type CardLedger } from "./ledger";
import { generatePrivateHistory } from "./private-history";
import { createRandom } from "./prng";
import { drawSandboxAccountNumber, maskPan, SANDBOX_BIC } from "./sandbox-bank";

/** Months of history before today. @see docs/interface/sandbox-operations.md#sandbox-operations */
export const HISTORY_MONTHS = 13;

export type SandboxDataset = {
  today: string;
  /** The first day of the history. */
  start: string;
  customers: NewCustomer[];
  agreements: { agreement: NewAgreement; accountIds: string[] }[];
  accounts: NewAccount[];
  cardAccounts: NewCardAccount[];
  /** In insertion order: account by account, oldest first, which makes seq follow the dates. */
  transactions: NewTransaction[];
  cardTransactions: NewCardTransaction[];
  /** The opening balance of every account and card account, by id: booked balance = opening + the sum of its booked amounts. */
  openingBalances: Map<string, string>;
};

/** The stable ids of the initial dataset, from labels such as `account:13039319955:1`. */
export const initialIds = {
  customer: (customerNumber: string) => createDeterministicId(`customer:${customerNumber}`),
  account: (customerNumber: string, slot: number) => createDeterministicId(`account:${customerNumber}:${slot}`),
  cardAccount: (customerNumber: string) => createDeterministicId(`card-account:${customerNumber}:1`),
  agreement: (customerNumber: string) => createDeterministicId(`agreement:${customerNumber}:1`),
};

function party(bban: string | undefined): TransactionParty | null {
  return bban === undefined ? null : { bban, iban: ibanFromNorwegianBban(bban), currency: "NOK" };
}

/** The booked entries' running balance must stay at or above the floor: the smallest opening (whole thousands) that does it. */
function openingFor(bookedInOrder: number[], floorOre: number): number {
  let running = 0;
  let lowest = 0;
  for (const amount of bookedInOrder) {
    running += amount;
    if (running < lowest) lowest = running;
  }
  const needed = floorOre - lowest;
  return Math.ceil(needed / 100_000) * 100_000;
}

function byDate<T>(entries: T[], dateOf: (entry: T) => string): T[] {
  // Array.prototype.sort is stable: entries of one day keep the order they were generated in.
  return [...entries].sort((a, b) => (dateOf(a) < dateOf(b) ? -1 : dateOf(a) > dateOf(b) ? 1 : 0));
}

function accountRows(
  ledger: AccountLedger,
  accountId: string,
  label: string,
  floorOre: number,
): { rows: NewTransaction[]; opening: number; balance: number } {
  const ordered = byDate(ledger.entries, (entry) => entry.bookingDate ?? entry.valueDate);
  const booked = ordered.filter((entry) => entry.status === "booked").map((entry) => entry.amount);
  const opening = openingFor(booked, floorOre);
  const balance = booked.reduce((sum, amount) => sum + amount, opening);
  const counters = new Map<string, number>();
  const rows = ordered.map((entry): NewTransaction => {
    const sortDate = entry.bookingDate ?? entry.valueDate;
    const counterKey = `${entry.status}:${sortDate}`;
    const index = counters.get(counterKey) ?? 0;
    counters.set(counterKey, index + 1);
    return {
      id: createDeterministicId(`transaction:${label}:${counterKey}:${index}`),
      accountId,
      status: entry.status,
      bookingDate: entry.bookingDate,
      valueDate: entry.valueDate,
      sortDate,
      amount: formatOre(entry.amount),
      currency: "NOK",
      entryReference: entry.entryReference,
      endToEndId: entry.endToEndId ?? null,
      creditorName: entry.creditorName ?? null,
      creditorAccount: party(entry.creditorBban),
      debtorName: entry.debtorName ?? null,
      debtorAccount: party(entry.debtorBban),
      remittanceUnstructured: entry.text ?? null,
      remittanceStructured: entry.kid ?? null,
      proprietaryCode: entry.code ?? null,
      details: entry.details ?? null,
      paymentId: null,
      origin: "initial",
      createdAt: new Date(`${sortDate}T05:00:00Z`),
    };
  });
  return { rows, opening, balance };
}

function cardRows(ledger: CardLedger, cardAccountId: string, label: string): { rows: NewCardTransaction[]; balance: number } {
  const ordered = byDate(ledger.entries, (entry) => entry.bookingDate ?? entry.transactionDate);
  const balance = ordered.filter((entry) => entry.status === "booked").reduce((sum, entry) => sum + entry.amount, 0);
  const counters = new Map<string, number>();
  const rows = ordered.map((entry): NewCardTransaction => {
    const sortDate = entry.bookingDate ?? entry.transactionDate;
    const counterKey = `${entry.status}:${sortDate}`;
    const index = counters.get(counterKey) ?? 0;
    counters.set(counterKey, index + 1);
    return {
      id: createDeterministicId(`card-transaction:${label}:${counterKey}:${index}`),
      cardAccountId,
      status: entry.status,
      bookingDate: entry.bookingDate,
      transactionDate: entry.transactionDate,
      sortDate,
      amount: formatOre(entry.amount),
      currency: "NOK",
      originalAmount: formatOre(entry.originalAmount),
      originalCurrency: entry.originalCurrency,
      merchantName: entry.merchantName,
      merchantCategoryCode: entry.merchantCategoryCode,
      origin: "initial",
      createdAt: new Date(`${sortDate}T05:00:00Z`),
    };
  });
  return { rows, balance };
}

/** The initial dataset for a today (YYYY-MM-DD, Europe/Oslo). @see docs/interface/sandbox-operations.md#sandbox-operations */
export function buildSandboxDataset(today: string): SandboxDataset {
  const start = addMonths(today, -HISTORY_MONTHS);
  const startInstant = new Date(`${start}T07:00:00Z`).getTime();
  const dataset: SandboxDataset = {
    today,
    start,
    customers: [],
    agreements: [],
    accounts: [],
    cardAccounts: [],
    transactions: [],
    cardTransactions: [],
    openingBalances: new Map(),
  };
  const bbans = new Set<string>();

  INITIAL_CUSTOMERS.forEach((customer, customerIndex) => {
    const number = customer.customerNumber;
    const customerId = initialIds.customer(number);
    const createdAt = (minutes: number) => new Date(startInstant + (customerIndex * 10 + minutes) * 60_000);
    dataset.customers.push({
      id: customerId,
      customerNumber: number,
      name: customer.name,
      type: customer.type,
      origin: "initial",
      createdAt: createdAt(0),
    });

    const numbers = customer.accounts.map((_, index) => {
      // Draw until unique; with 8 accounts among 10^6 numbers a second draw is rare but possible.
      const random = createRandom(`bban:${number}:${index + 1}`);
      let drawn = drawSandboxAccountNumber(random);
      while (bbans.has(drawn.bban)) drawn = drawSandboxAccountNumber(random);
      bbans.add(drawn.bban);
      return drawn;
    });
    const [mainNumber, secondNumber] = numbers;
    const [mainAccount, secondAccount] = customer.accounts;
    if (!mainNumber || !secondNumber) throw new Error("every initial customer has two accounts");
    const ownerName = customer.type === "PRIVATE" ? customer.name : customer.company;
    const mainId = initialIds.account(number, 1);
    const secondId = initialIds.account(number, 2);

    let ledgers: [AccountLedger, AccountLedger];
    if (customer.type === "PRIVATE") {
      const history = generatePrivateHistory(
        customer.plan,
        {
          main: { bban: mainNumber.bban, name: mainAccount.name },
          savings: { bban: secondNumber.bban, name: secondAccount.name },
          cardLast4: customer.card.last4,
        },
        start,
        today,
      );
      ledgers = [history.main, history.savings];
      const cardId = initialIds.cardAccount(number);
      const card = cardRows(history.card, cardId, `${number}:card`);
      dataset.cardAccounts.push({
        id: cardId,
        customerId,
        maskedPan: maskPan(customer.card.bin, customer.card.last4),
        currency: "NOK",
        name: customer.card.name,
        product: customer.card.product,
        usage: "PRIV",
        ownerName,
        creditLimit: `${customer.card.creditLimit}.00`,
        bookedBalance: formatOre(card.balance),
        relatedAccountId: mainId,
        origin: "initial",
        createdAt: createdAt(3),
      });
      dataset.cardTransactions.push(...card.rows);
      dataset.openingBalances.set(cardId, "0.00");
    } else {
      const history = generateCorporateHistory(
        customer.plan,
        { main: { bban: mainNumber.bban, name: mainAccount.name }, second: { bban: secondNumber.bban, name: secondAccount.name } },
        start,
        today,
      );
      ledgers = [history.main, history.second];
      dataset.agreements.push({
        agreement: {
          id: initialIds.agreement(number),
          customerId,
          name: customer.company,
          organisationNumber: customer.organisationNumber,
          origin: "initial",
        },
        accountIds: [mainId, secondId],
      });
    }

    customer.accounts.forEach((account, index) => {
      const ledger = ledgers[index];
      const drawn = numbers[index];
      if (!ledger || !drawn) return;
      const id = index === 0 ? mainId : secondId;
      const history = accountRows(ledger, id, `${number}:${index + 1}`, account.floor * 100);
      dataset.accounts.push({
        id,
        customerId,
        bban: drawn.bban,
        iban: drawn.iban,
        bic: SANDBOX_BIC,
        currency: "NOK",
        name: account.name,
        product: account.product,
        cashAccountType: account.cashAccountType,
        usage: customer.type === "PRIVATE" ? "PRIV" : "ORGA",
        ownerName,
        kidRequired: account.kidRequired ?? false,
        bookedBalance: formatOre(history.balance),
        origin: "initial",
        createdAt: createdAt(1 + index),
      });
      dataset.transactions.push(...history.rows);
      dataset.openingBalances.set(id, formatOre(history.opening));
    });
  });

  return dataset;
}
