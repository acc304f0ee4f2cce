/**
 * The replies of the sandbox data operations, built from the repositories' records: the spec's
 * "Sandbox customer" and "Sandbox card account transactions response", and the shapes defined in
 * README.md for the operations whose replies are "not shown". The shapes themselves are
 * lib/psd2's (lib/psd2/schemas/sandbox-replies.ts, sandbox-customer.ts, card-transactions.ts).
 * Amounts are decimal strings (docs/interface/conventions.md#wire-conventions).
 */
import type {
  SandboxAccount,
  SandboxAgreement,
  SandboxCardAccount,
  SandboxCardTransaction,
  SandboxCustomer,
  SandboxTransaction,
} from "../../../psd2/schemas";
import { toWireTransactionFields } from "../account-information/ais-wire";
import type { AccountRecord } from "../../repositories/accounts-repository";
import type { AgreementRecord } from "../../repositories/agreements-repository";
import type { CardAccountRecord } from "../../repositories/card-accounts-repository";
import type { CardTransactionRecord } from "../../repositories/card-transactions-repository";
import type { CustomerRecord } from "../../repositories/customers-repository";
import type { TransactionRecord } from "../../repositories/transactions-repository";

const customerHref = (customerId: string) => `/v1/sandbox/customers/${encodeURIComponent(customerId)}`;

export function toSandboxCustomer(
  customer: CustomerRecord,
  agreements: AgreementRecord[],
  accounts: AccountRecord[],
  cardAccounts: CardAccountRecord[],
): SandboxCustomer {
  return {
    customerId: customer.id,
    customerNumber: customer.customerNumber,
    customerType: customer.type,
    customerName: customer.name,
    agreements: agreements.map((agreement) => ({ id: agreement.id, name: agreement.name, engagements: agreement.accountIds })),
    accounts: accounts.map((account) => account.id),
    cardAccounts: cardAccounts.map((cardAccount) => cardAccount.id),
    _links: { self: { href: customerHref(customer.id), verbs: ["GET"] } },
  };
}

export function toSandboxAccount(account: AccountRecord): SandboxAccount {
  const href = `/v1/sandbox/accounts/${encodeURIComponent(account.id)}`;
  return {
    resourceId: account.id,
    customerId: account.customerId,
    bban: account.bban,
    iban: account.iban,
    bic: account.bic,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: account.cashAccountType,
    status: account.status,
    usage: account.usage,
    ownerName: account.ownerName,
    kidRequired: account.kidRequired,
    balance: { currency: account.currency, amount: account.bookedBalance },
    _links: {
      customer: { href: customerHref(account.customerId), verbs: ["GET"] },
      transactions: { href: `${href}/transactions`, verbs: ["POST"] },
      balances: { href: `${href}/balances`, verbs: ["PUT"] },
    },
  };
}

export function toSandboxCardAccount(cardAccount: CardAccountRecord): SandboxCardAccount {
  const href = `/v1/sandbox/card-accounts/${encodeURIComponent(cardAccount.id)}`;
  return {
    resourceId: cardAccount.id,
    customerId: cardAccount.customerId,
    maskedPan: cardAccount.maskedPan,
    currency: cardAccount.currency,
    name: cardAccount.name,
    product: cardAccount.product,
    status: cardAccount.status,
    usage: cardAccount.usage,
    ownerName: cardAccount.ownerName,
    creditLimit: { currency: cardAccount.currency, amount: cardAccount.creditLimit },
    balance: { currency: cardAccount.currency, amount: cardAccount.bookedBalance },
    ...(cardAccount.relatedAccountId === null ? {} : { relatedAccountId: cardAccount.relatedAccountId }),
    _links: {
      customer: { href: customerHref(cardAccount.customerId), verbs: ["GET"] },
      transactions: { href: `${href}/transactions`, verbs: ["GET", "POST"] },
      balances: { href: `${href}/balances`, verbs: ["PUT"] },
    },
  };
}

export function toSandboxAgreement(agreement: AgreementRecord): SandboxAgreement {
  return {
    id: agreement.id,
    customerId: agreement.customerId,
    name: agreement.name,
    organisationNumber: agreement.organisationNumber,
    engagements: agreement.accountIds,
    _links: { customer: { href: customerHref(agreement.customerId), verbs: ["GET"] } },
  };
}

export function toSandboxTransaction(transaction: TransactionRecord): SandboxTransaction {
  // Fields the bank has no value for are left out, as the wire does.
  const t = transaction;
  return {
    transactionId: t.id,
    bookingStatus: t.status,
    ...toWireTransactionFields(t),
    ...(t.details?.additionalInformation === undefined ? {} : { additionalInformation: t.details.additionalInformation }),
  };
}

export function toSandboxCardTransaction(cardTransaction: CardTransactionRecord): SandboxCardTransaction {
  const t = cardTransaction;
  return {
    cardTransactionId: t.id,
    bookingStatus: t.status,
    ...(t.bookingDate === null ? {} : { bookingDate: t.bookingDate }),
    transactionDate: t.transactionDate,
    transactionAmount: { currency: t.currency, amount: t.amount },
    originalAmount: { currency: t.originalCurrency, amount: t.originalAmount },
    merchantCategoryCode: t.merchantCategoryCode,
    ...(t.merchantName === null ? {} : { transactionDetails: t.merchantName }),
  };
}
