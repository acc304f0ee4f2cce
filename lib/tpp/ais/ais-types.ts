/**
 * The app's types for account information: what pages get from lib/tpp, reshaped from the wire.
 * Amounts stay decimal strings with their currency; formatting is the components' business.
 */

/** An amount: a decimal string ("-1250.00"; debits negative) and its ISO 4217 currency. */
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

/** How an account is named in a listing or a transaction: IBAN, BBAN or masked PAN, as the bank gave it. */
export interface AccountIdentification {
  readonly iban: string | undefined;
  readonly bban: string | undefined;
  readonly maskedPan: string | undefined;
  readonly currency: string | undefined;
}

export interface Balance {
  /** closingBooked, expected, interimAvailable, ... (as the bank names it). */
  readonly type: string;
  readonly amount: Money;
  readonly referenceDate: string | undefined;
  readonly lastChangeDateTime: string | undefined;
  readonly creditLimitIncluded: boolean | undefined;
}

export interface BankAccount {
  /** The bank's resourceId: the id in every path. */
  readonly id: string;
  readonly name: string | undefined;
  readonly iban: string | undefined;
  readonly bban: string | undefined;
  readonly bic: string | undefined;
  readonly currency: string;
  readonly product: string | undefined;
  readonly cashAccountType: string | undefined;
  readonly status: "enabled" | "deleted" | "blocked" | undefined;
  /** PRIV or ORGA. */
  readonly usage: "PRIV" | "ORGA" | undefined;
  readonly ownerName: string | undefined;
  /** Present when asked for with the listing (withBalance). */
  readonly balances: readonly Balance[] | undefined;
}

export interface AccountBalances {
  readonly account: AccountIdentification | undefined;
  readonly balances: readonly Balance[];
}

export type BookingStatus = "booked" | "pending" | "both" | "all";

export interface AccountTransaction {
  /** Stable once booked; a pending transaction's properties may change. */
  readonly id: string | undefined;
  readonly status: "booked" | "pending";
  readonly entryReference: string | undefined;
  readonly endToEndId: string | undefined;
  readonly bookingDate: string | undefined;
  readonly valueDate: string | undefined;
  readonly amount: Money;
  readonly creditorName: string | undefined;
  readonly creditorAccount: AccountIdentification | undefined;
  readonly debtorName: string | undefined;
  readonly debtorAccount: AccountIdentification | undefined;
  /** The other party: the creditor of a debit, the debtor of a credit. */
  readonly counterpartyName: string | undefined;
  readonly remittanceInformation: string | undefined;
  /** The structured reference (KID/OCR). */
  readonly structuredReference: string | undefined;
  readonly bankTransactionCode: string | undefined;
  /** Details only (getTransactionDetails). */
  readonly additionalInformation: string | undefined;
  /** additionalInformationProprietary1..n, in order. */
  readonly proprietaryInformation: readonly string[];
  /** Whether the bank offers the details endpoint for it. */
  readonly hasDetails: boolean;
}

/**
 * An opaque token for a page of a listing, taken from the bank's paging link; pass it back as
 * `page` to get that page. Safe in a URL.
 */
export type PageToken = string;

export interface PageLinks {
  readonly first: PageToken | undefined;
  readonly previous: PageToken | undefined;
  readonly next: PageToken | undefined;
  readonly last: PageToken | undefined;
}

export interface TransactionPage {
  readonly account: AccountIdentification | undefined;
  readonly booked: readonly AccountTransaction[];
  readonly pending: readonly AccountTransaction[];
  readonly pages: PageLinks;
}

export interface TransactionQuery {
  /** Required by the bank: booked, pending, both or all. */
  readonly bookingStatus: BookingStatus;
  /** YYYY-MM-DD; the bank's default is 90 days ago. */
  readonly dateFrom?: string;
  /** YYYY-MM-DD; the bank's default is today. */
  readonly dateTo?: string;
  /** Page size (the bank's default 200). */
  readonly limit?: number;
  /** A token from an earlier page's `pages`: then the other fields are those of that page. */
  readonly page?: PageToken;
}

export interface CardAccount {
  readonly id: string;
  readonly maskedPan: string;
  readonly name: string | undefined;
  readonly currency: string;
  readonly product: string | undefined;
  readonly status: "enabled" | "deleted" | "blocked" | undefined;
  readonly usage: "PRIV" | "ORGA" | undefined;
  readonly creditLimit: Money | undefined;
  /** What a payment from the card account names in debtorAccount.other.identification; undefined: the card cannot pay. */
  readonly relatedAccount: string | undefined;
  readonly balances: readonly Balance[] | undefined;
}

export interface CardTransaction {
  readonly id: string;
  readonly bookingDate: string;
  readonly transactionDate: string;
  /** In the card account's currency. */
  readonly amount: Money;
  /** As the merchant charged it (another currency abroad). */
  readonly originalAmount: Money;
  readonly merchantCategoryCode: string;
  readonly details: string | undefined;
}

/** A card transaction not booked yet: no booking date; the bank may leave other fields out. */
export interface PendingCardTransaction {
  readonly id: string | undefined;
  readonly transactionDate: string | undefined;
  /** In the card account's currency. */
  readonly amount: Money;
  /** As the merchant charged it, when the bank says. */
  readonly originalAmount: Money | undefined;
  readonly merchantCategoryCode: string | undefined;
  readonly details: string | undefined;
}

export interface CardTransactionPage {
  readonly maskedPan: string;
  readonly booked: readonly CardTransaction[];
  /** The pending card transactions, with their amounts (docs/interface/accounts.md#accounts-balances-transactions). */
  readonly pending: readonly PendingCardTransaction[];
  /** Pending card transactions a bank named by id only (the sandbox table's form), without amounts. */
  readonly pendingWithoutDetails: number;
  readonly balances: readonly Balance[] | undefined;
  readonly pages: PageLinks;
}
