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

const cardAccountReferenceSchema = z.looseObject({ maskedPan: z.string() });

// The spec types pending as string[]; a bank that sends transactions there is read too.
const pendingCardTransactionsSchema = z.array(z.union([z.string(), z.looseObject({})]));

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
    pending: pendingCardTransactionsSchema,
  }),
});

export type SandboxCardTransactionsResponse = z.output<typeof sandboxCardTransactionsResponseSchema>;

/**
 * The reply to GET /v1/card-accounts/{id}/transactions: the sandbox shape, with booked and
 * pending present as bookingStatus asks, paging links and optional balances.
 *
 * @see supplement.md §3
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
