import { z } from "zod";
import { cardAmountSchema } from "./amount";
import { balanceSchema } from "./balances";
import { isoDateSchema } from "./fields";
import { linksSchema } from "./links";

/**
 * A booked card transaction: the spec's sandbox shape, plus transactionDetails (docs/interface/accounts.md#accounts-balances-transactions).
 * originalAmount and transactionAmount follow the corrected mapping (default since 2024-09-05).
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing; docs/interface/accounts.md#accounts-balances-transactions
 */
export const cardTransactionSchema = z.looseObject({
  cardTransactionId: z.string().describe("The card transaction's id"),
  bookingDate: isoDateSchema.describe("Booking date (YYYY-MM-DD)"),
  transactionDate: isoDateSchema.describe("The date of the purchase (YYYY-MM-DD)"),
  transactionAmount: cardAmountSchema.describe("The amount in the card account's currency; negative for a purchase"),
  originalAmount: cardAmountSchema.describe("The amount as charged, in the currency of the purchase"),
  merchantCategoryCode: z.string().describe("ISO 18245 merchant category code (4 digits)"),
  transactionDetails: z.string().optional().describe("The merchant"),
});

export type CardTransaction = z.output<typeof cardTransactionSchema>;

/**
 * A pending card transaction as a card account report gives it whole: a card transaction not
 * booked yet (no bookingDate; the rest as booked ones, amounts included).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; Berlin Group NextGenPSD2 1.3 cardTransaction
 */
export const pendingCardTransactionSchema = cardTransactionSchema.extend({
  cardTransactionId: z.string().optional().describe("The card transaction's id"),
  bookingDate: isoDateSchema.optional().describe("Booking date (YYYY-MM-DD)"),
  transactionDate: isoDateSchema.optional().describe("The date of the purchase (YYYY-MM-DD)"),
  originalAmount: cardAmountSchema.optional().describe("The amount as charged, in the currency of the purchase"),
  merchantCategoryCode: z.string().optional().describe("ISO 18245 merchant category code (4 digits)"),
});

export type PendingCardTransaction = z.output<typeof pendingCardTransactionSchema>;

const cardAccountReferenceSchema = z.looseObject({
  maskedPan: z.string().describe("The card number, masked: 6 digits, 6 stars, 4 digits"),
});

// The spec's sandbox table types pending as string[] (ids); the sandbox listing sends that.
const pendingCardTransactionIdsSchema = z.array(z.union([z.string(), z.looseObject({})]));

// A card account report sends the pending transactions whole; a bank that sends their ids only
// (the sandbox table's form) is read too.
const pendingCardTransactionsSchema = z.array(z.union([pendingCardTransactionSchema, z.string()]));

/**
 * The reply to GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: booked and
 * pending both required, as the spec's table says.
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing
 */
export const sandboxCardTransactionsResponseSchema = z.looseObject({
  cardAccount: cardAccountReferenceSchema.describe("The card account the transactions are of"),
  cardTransactions: z
    .looseObject({
      booked: z.array(cardTransactionSchema).describe("The booked card transactions"),
      pending: pendingCardTransactionIdsSchema.describe("The ids of the pending card transactions"),
    })
    .describe("The card transactions, booked and pending as bookingStatus asks"),
});

export type SandboxCardTransactionsResponse = z.output<typeof sandboxCardTransactionsResponseSchema>;

/**
 * The reply to GET /v1/card-accounts/{id}/transactions: Berlin Group's card account report in the
 * spec's card transaction shape: booked (the bank always sends it, empty when only pending ones
 * are asked for), pending whole (with their amounts; ids are read too), paging links with
 * cardAccount, and optional balances. Read leniently: booked may be absent from another bank.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; Berlin Group NextGenPSD2 1.3 cardAccountReport
 */
export const cardTransactionsResponseSchema = z.looseObject({
  cardAccount: cardAccountReferenceSchema.describe("The card account the transactions are of"),
  cardTransactions: z
    .looseObject({
      booked: z.array(cardTransactionSchema).optional().describe("Booked card transactions (empty when only pending ones are asked for)"),
      pending: pendingCardTransactionsSchema
        .optional()
        .describe("Pending card transactions, whole: not booked yet, their properties may change"),
      _links: linksSchema.optional().describe("Paging links: cardAccount, first, next, previous, last"),
    })
    .describe("The card transactions, booked and pending as bookingStatus asks, with paging links"),
  balances: z.array(balanceSchema).optional().describe("Balances of the card account, when the bank adds them"),
});
