import { z } from "zod";
import { cardAmountSchema } from "./amount";
import { balanceSchema } from "./balances";
import { isoDateSchema } from "./fields";
import { linksSchema } from "./links";

/**
 * A booked card transaction: the spec's sandbox shape, plus transactionDetails (supplement §3).
 * originalAmount and transactionAmount follow the corrected mapping (default since 2024-09-05).
 *
 * @see psd2-interface.md "Sandbox card account transactions response"; supplement.md §3
 */
export const cardTransactionSchema = z.looseObject({
  cardTransactionId: z.string(),
  bookingDate: isoDateSchema,
  transactionDate: isoDateSchema,
  transactionAmount: cardAmountSchema,
  originalAmount: cardAmountSchema,
  merchantCategoryCode: z.string(),
  transactionDetails: z.string().optional(),
});

export type CardTransaction = z.output<typeof cardTransactionSchema>;

/**
 * A pending card transaction as a card account report gives it whole: a card transaction not
 * booked yet (no bookingDate; the rest as booked ones, amounts included).
 *
 * @see supplement.md §3; Berlin Group NextGenPSD2 1.3 cardTransaction
 */
export const pendingCardTransactionSchema = cardTransactionSchema.extend({
  cardTransactionId: z.string().optional(),
  bookingDate: isoDateSchema.optional(),
  transactionDate: isoDateSchema.optional(),
  originalAmount: cardAmountSchema.optional(),
  merchantCategoryCode: z.string().optional(),
});

export type PendingCardTransaction = z.output<typeof pendingCardTransactionSchema>;

const cardAccountReferenceSchema = z.looseObject({ maskedPan: z.string() });

// The spec's sandbox table types pending as string[] (ids); the sandbox listing sends that.
const pendingCardTransactionIdsSchema = z.array(z.union([z.string(), z.looseObject({})]));

// A card account report sends the pending transactions whole; a bank that sends their ids only
// (the sandbox table's form) is read too.
const pendingCardTransactionsSchema = z.array(z.union([pendingCardTransactionSchema, z.string()]));

/**
 * The reply to GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: booked and
 * pending both required, as the spec's table says.
 *
 * @see psd2-interface.md "Sandbox card account transactions response"
 */
export const sandboxCardTransactionsResponseSchema = z.looseObject({
  cardAccount: cardAccountReferenceSchema,
  cardTransactions: z.looseObject({
    booked: z.array(cardTransactionSchema),
    pending: pendingCardTransactionIdsSchema,
  }),
});

export type SandboxCardTransactionsResponse = z.output<typeof sandboxCardTransactionsResponseSchema>;

/**
 * The reply to GET /v1/card-accounts/{id}/transactions: Berlin Group's card account report in the
 * spec's card transaction shape: booked (the bank always sends it, empty when only pending ones
 * are asked for), pending whole (with their amounts; ids are read too), paging links with
 * cardAccount, and optional balances. Read leniently: booked may be absent from another bank.
 *
 * @see supplement.md §3; Berlin Group NextGenPSD2 1.3 cardAccountReport
 */
export const cardTransactionsResponseSchema = z.looseObject({
  cardAccount: cardAccountReferenceSchema,
  cardTransactions: z.looseObject({
    booked: z.array(cardTransactionSchema).optional(),
    pending: pendingCardTransactionsSchema.optional(),
    _links: linksSchema.optional(),
  }),
  balances: z.array(balanceSchema).optional(),
});

export type CardTransactionsResponse = z.output<typeof cardTransactionsResponseSchema>;
