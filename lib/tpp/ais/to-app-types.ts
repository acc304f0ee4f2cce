import type {
  Account,
  Balance as WireBalance,
  CardAccount as WireCardAccount,
  CardTransaction as WireCardTransaction,
  PendingCardTransaction as WirePendingCardTransaction,
  ReportedAccountReference,
  Transaction,
} from "../../psd2/schemas";
import type {
  AccountIdentification,
  AccountTransaction,
  Balance,
  BankAccount,
  CardAccount,
  CardTransaction,
  Money,
  PendingCardTransaction,
} from "./ais-types";

export function toMoney(amount: { amount: string; currency: string }): Money {
  return { amount: amount.amount, currency: amount.currency };
}

export function toAccountIdentification(reference: ReportedAccountReference | undefined): AccountIdentification | undefined {
  if (reference === undefined) return undefined;
  return { iban: reference.iban, bban: reference.bban, maskedPan: reference.maskedPan, currency: reference.currency };
}

export function toBalance(balance: WireBalance): Balance {
  return {
    type: balance.balanceType,
    amount: toMoney(balance.balanceAmount),
    referenceDate: balance.referenceDate,
    lastChangeDateTime: balance.lastChangeDateTime,
    creditLimitIncluded: balance.creditLimitIncluded,
  };
}

export function toBankAccount(account: Account): BankAccount {
  return {
    id: account.resourceId,
    name: account.name,
    iban: account.iban,
    bban: account.bban,
    bic: account.bic,
    currency: account.currency,
    product: account.product,
    cashAccountType: account.cashAccountType,
    status: account.status,
    usage: account.usage,
    ownerName: account.ownerName,
    balances: account.balances?.map(toBalance),
  };
}

/** additionalInformationProprietary1..n in the order of their numbers (the spec's extra references). */
function proprietaryInformationOf(transaction: Transaction): string[] {
  return Object.entries(transaction)
    .flatMap(([key, value]) => {
      const match = /^additionalInformationProprietary(\d+)$/.exec(key);
      return match !== null && typeof value === "string" ? [[Number(match[1]), value] as const] : [];
    })
    .sort(([a], [b]) => a - b)
    .map(([, value]) => value);
}

export function toAccountTransaction(transaction: Transaction, status: "booked" | "pending"): AccountTransaction {
  const structured = transaction.remittanceInformationStructured;
  const debit = transaction.transactionAmount.amount.startsWith("-");
  return {
    id: transaction.transactionId,
    status,
    entryReference: transaction.entryReference,
    endToEndId: transaction.endToEndId,
    bookingDate: transaction.bookingDate,
    valueDate: transaction.valueDate,
    amount: toMoney(transaction.transactionAmount),
    creditorName: transaction.creditorName,
    creditorAccount: toAccountIdentification(transaction.creditorAccount),
    debtorName: transaction.debtorName,
    debtorAccount: toAccountIdentification(transaction.debtorAccount),
    counterpartyName: debit ? transaction.creditorName : transaction.debtorName,
    remittanceInformation: transaction.remittanceInformationUnstructured,
    // The KID: a Remittance reference item (Berlin Group 1.3, the sandbox bank) or, from some banks, a bare string.
    structuredReference: typeof structured === "string" ? structured : structured?.reference,
    bankTransactionCode: transaction.proprietaryBankTransactionCode,
    additionalInformation: transaction.additionalInformation,
    proprietaryInformation: proprietaryInformationOf(transaction),
    hasDetails: transaction._links?.transactionDetails !== undefined,
  };
}

export function toCardAccount(cardAccount: WireCardAccount): CardAccount {
  return {
    id: cardAccount.resourceId,
    maskedPan: cardAccount.maskedPan,
    name: cardAccount.name,
    currency: cardAccount.currency,
    product: cardAccount.product,
    status: cardAccount.status,
    usage: cardAccount.usage,
    creditLimit: cardAccount.creditLimit === undefined ? undefined : toMoney(cardAccount.creditLimit),
    relatedAccount: cardAccount.relatedAccount,
    balances: cardAccount.balances?.map(toBalance),
  };
}

export function toCardTransaction(transaction: WireCardTransaction): CardTransaction {
  return {
    id: transaction.cardTransactionId,
    bookingDate: transaction.bookingDate,
    transactionDate: transaction.transactionDate,
    amount: toMoney(transaction.transactionAmount),
    originalAmount: toMoney(transaction.originalAmount),
    merchantCategoryCode: transaction.merchantCategoryCode,
    details: transaction.transactionDetails,
  };
}

export function toPendingCardTransaction(transaction: WirePendingCardTransaction): PendingCardTransaction {
  return {
    id: transaction.cardTransactionId,
    transactionDate: transaction.transactionDate,
    amount: toMoney(transaction.transactionAmount),
    originalAmount: transaction.originalAmount === undefined ? undefined : toMoney(transaction.originalAmount),
    merchantCategoryCode: transaction.merchantCategoryCode,
    details: transaction.transactionDetails,
  };
}
