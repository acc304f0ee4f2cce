import { z } from "zod";
import { reportedAccountReferenceSchema } from "./account-reference";
import { reportedAddressSchema } from "./address";
import { reportedAmountSchema } from "./amount";
import { balanceSchema } from "./balances";
import { isoDateSchema } from "./fields";
import { linksSchema } from "./links";
import { reportedRemittanceReferenceSchema } from "./remittance";

/**
 * A transaction of an account listing or details reply. Only transactionAmount is required
 * (a pending transaction has no bookingDate). remittanceInformationStructured (the KID) is a
 * Remittance reference item `{reference, referenceType, referenceIssuer}`, as Berlin Group 1.3
 * and the spec's shared type have it and as the sandbox bank sends it; a bare string, as some
 * banks send it, is read too.
 * additionalInformationProprietary1..n and other extra fields pass through.
 *
 * @see supplement.md §3, §5; psd2-interface.md "Account-information notes"
 */
export const transactionSchema = z.looseObject({
  transactionId: z.string().optional(),
  entryReference: z.string().optional(),
  endToEndId: z.string().optional(),
  bookingDate: isoDateSchema.optional(),
  valueDate: isoDateSchema.optional(),
  transactionAmount: reportedAmountSchema,
  creditorName: z.string().optional(),
  creditorAccount: reportedAccountReferenceSchema.optional(),
  creditorAddress: reportedAddressSchema.optional(),
  debtorName: z.string().optional(),
  debtorAccount: reportedAccountReferenceSchema.optional(),
  debtorAddress: reportedAddressSchema.optional(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationStructured: z.union([reportedRemittanceReferenceSchema, z.string()]).optional(),
  proprietaryBankTransactionCode: z.string().optional(),
  additionalInformation: z.string().optional(),
  _links: linksSchema.optional(),
});

export type Transaction = z.output<typeof transactionSchema>;

/**
 * The reply to GET /v1/accounts/{id}/transactions: booked and/or pending as bookingStatus asks,
 * and the paging links (account, first, next, previous, last).
 *
 * @see supplement.md §3
 */
export const transactionsResponseSchema = z.looseObject({
  account: reportedAccountReferenceSchema.optional(),
  transactions: z.looseObject({
    booked: z.array(transactionSchema).optional(),
    pending: z.array(transactionSchema).optional(),
    _links: linksSchema.optional(),
  }),
  balances: z.array(balanceSchema).optional(),
  _links: linksSchema.optional(),
});

export type TransactionsResponse = z.output<typeof transactionsResponseSchema>;

/** The reply to GET /v1/accounts/{id}/transactions/{transactionId}. @see supplement.md §2, §5 */
export const transactionDetailsResponseSchema = z.looseObject({ transactionsDetails: transactionSchema });

export type TransactionDetailsResponse = z.output<typeof transactionDetailsResponseSchema>;
