/**
 * The account information replies as the wire wants them (docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions): accounts, card
 * accounts, balances and transactions, with relative links (docs/interface/conventions.md#wire-conventions). Fields the bank has
 * no value for are left out.
 */
import type { AccountRecord } from "../../repositories/accounts-repository";
import type { CardAccountRecord } from "../../repositories/card-accounts-repository";
import type { CardTransactionRecord } from "../../repositories/card-transactions-repository";
import type { TransactionRecord } from "../../repositories/transactions-repository";
import type { Balance, Link } from "../../../psd2/schemas";
import { isValidKid } from "../../../psd2/validation/check-kid";

const get = (href: string): Link => ({ href, verbs: ["GET"] });

export const accountHref = (id: string): string => `/v1/accounts/${encodeURIComponent(id)}`;
export const cardAccountHref = (id: string): string => `/v1/card-accounts/${encodeURIComponent(id)}`;

/** An account. @see docs/interface/accounts.md#accounts-balances-transactions */
export function toWireAccount(account: AccountRecord, balances?: Balance[]) {
  const href = accountHref(account.id);
  return {
    resourceId: account.id,
    bban: account.bban,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: account.cashAccountType,
    bic: account.bic,
    status: account.status,
    usage: account.usage,
    ownerName: account.ownerName,
    ...(balances ? { balances } : {}),
    _links: { self: get(href), balances: get(`${href}/balances`), transactions: get(`${href}/transactions`) },
  };
}

/** A card account: docs/interface/accounts.md#accounts-balances-transactions's fields (no ownerName, which is an account's), relatedAccount and balances. @see docs/interface/accounts.md#accounts-balances-transactions */
export function toWireCardAccount(cardAccount: CardAccountRecord, balances?: Balance[]) {
  const href = cardAccountHref(cardAccount.id);
  return {
    resourceId: cardAccount.id,
    maskedPan: cardAccount.maskedPan,
    currency: cardAccount.currency,
    name: cardAccount.name,
    product: cardAccount.product,
    status: cardAccount.status,
    usage: cardAccount.usage,
    creditLimit: { currency: cardAccount.currency, amount: cardAccount.creditLimit },
    // The reference a payment from the card account names in debtorAccount.other.identification.
    ...(cardAccount.relatedAccountId === null ? {} : { relatedAccount: cardAccount.relatedAccountId }),
    ...(balances ? { balances } : {}),
    _links: { self: get(href), balances: get(`${href}/balances`), transactions: get(`${href}/transactions`) },
  };
}

/** The account reference of a balances or transactions reply. */
export function toWireAccountReference(account: AccountRecord) {
  return { bban: account.bban, iban: account.iban, currency: account.currency };
}

/**
 * The fields of a transaction every form shares (the listing's light form), each left out when
 * the bank has no value for it, as the wire does.
 */
export function toWireTransactionFields(t: TransactionRecord) {
  return {
    ...(t.entryReference === null ? {} : { entryReference: t.entryReference }),
    ...(t.endToEndId === null ? {} : { endToEndId: t.endToEndId }),
    ...(t.bookingDate === null ? {} : { bookingDate: t.bookingDate }),
    valueDate: t.valueDate,
    transactionAmount: { currency: t.currency, amount: t.amount },
    ...(t.creditorName === null ? {} : { creditorName: t.creditorName }),
    ...(t.creditorAccount === null ? {} : { creditorAccount: t.creditorAccount }),
    ...(t.debtorName === null ? {} : { debtorName: t.debtorName }),
    ...(t.debtorAccount === null ? {} : { debtorAccount: t.debtorAccount }),
    ...(t.remittanceUnstructured === null ? {} : { remittanceInformationUnstructured: t.remittanceUnstructured }),
    ...(t.remittanceStructured === null ? {} : { remittanceInformationStructured: t.remittanceStructured }),
    ...(t.proprietaryCode === null ? {} : { proprietaryBankTransactionCode: t.proprietaryCode }),
  };
}

/**
 * A transaction's structured remittance as Berlin Group 1.3 and the spec's "Remittance reference
 * item" have it: `{reference, referenceType}`, referenceType KID when the reference is one (the
 * bank keeps the reference alone; a KID is what it holds there).
 *
 * @see docs/interface/conventions.md#remittance-reference-item; docs/interface/accounts.md#accounts-balances-transactions
 */
export function toWireRemittanceReference(reference: string): { reference: string; referenceType?: "KID" } {
  return isValidKid(reference) ? { reference, referenceType: "KID" } : { reference };
}

/**
 * A transaction of the listing (the light form) or of the details reply, which adds what the
 * listing leaves out: additionalInformation, additionalInformationProprietary1..n and the
 * creditor's and debtor's addresses.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/payments.md#payments-in-the-sandbox; docs/interface/versioning.md#versioning (transaction details endpoint)
 */
export function toWireTransaction(t: TransactionRecord, form: "listing" | "details") {
  const details =
    form === "details"
      ? {
          ...(t.details?.additionalInformation === undefined ? {} : { additionalInformation: t.details.additionalInformation }),
          ...Object.fromEntries(
            (t.details?.proprietary ?? []).map((value, index) => [`additionalInformationProprietary${index + 1}`, value]),
          ),
          ...(t.details?.creditorAddress === undefined ? {} : { creditorAddress: t.details.creditorAddress }),
          ...(t.details?.debtorAddress === undefined ? {} : { debtorAddress: t.details.debtorAddress }),
        }
      : {};
  return {
    transactionId: t.id,
    ...toWireTransactionFields(t),
    ...(t.remittanceStructured === null ? {} : { remittanceInformationStructured: toWireRemittanceReference(t.remittanceStructured) }),
    ...details,
    _links: { transactionDetails: get(`${accountHref(t.accountId)}/transactions/${encodeURIComponent(t.id)}`) },
  };
}

/**
 * A card transaction: the spec's sandbox shape plus transactionDetails (the merchant), with the
 * corrected mapping (transactionAmount in the card account's currency, originalAmount as charged).
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing; docs/interface/accounts.md#accounts-balances-transactions
 */
export function toWireCardTransaction(t: CardTransactionRecord) {
  return {
    cardTransactionId: t.id,
    // A pending card transaction is not booked yet: it has no bookingDate.
    ...(t.status === "pending" ? {} : { bookingDate: t.bookingDate ?? t.sortDate }),
    transactionDate: t.transactionDate,
    transactionAmount: { currency: t.currency, amount: t.amount },
    originalAmount: { currency: t.originalCurrency, amount: t.originalAmount },
    merchantCategoryCode: t.merchantCategoryCode,
    ...(t.merchantName === null ? {} : { transactionDetails: t.merchantName }),
  };
}
