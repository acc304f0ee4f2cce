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
 * The sandbox bank's extra references are additionalInformationProprietary1 and 2; other
 * extra fields pass through.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/payments.md#payments-in-the-sandbox; docs/interface/accounts.md#account-information-notes
 */
export const transactionSchema = z.looseObject({
  transactionId: z.string().optional().describe("The transaction's id, stable once booked; names its details endpoint"),
  entryReference: z.string().optional().describe("The bank's reference of the entry"),
  endToEndId: z.string().optional().describe("The payer's end-to-end identification"),
  bookingDate: isoDateSchema.optional().describe("Booking date (YYYY-MM-DD); booked transactions only"),
  valueDate: isoDateSchema.optional().describe("Value date (YYYY-MM-DD)"),
  transactionAmount: reportedAmountSchema.describe("The amount; negative for a debit"),
  creditorName: z.string().optional().describe("The creditor's name"),
  creditorAccount: reportedAccountReferenceSchema.optional().describe("The creditor's account"),
  creditorAddress: reportedAddressSchema.optional().describe("The creditor's address (details endpoint only)"),
  debtorName: z.string().optional().describe("The debtor's name"),
  debtorAccount: reportedAccountReferenceSchema.optional().describe("The debtor's account"),
  debtorAddress: reportedAddressSchema.optional().describe("The debtor's address (details endpoint only)"),
  remittanceInformationUnstructured: z.string().optional().describe("Free-text remittance information"),
  remittanceInformationStructured: z
    .union([reportedRemittanceReferenceSchema, z.string()])
    .optional()
    .describe("A structured remittance reference (a KID)"),
  proprietaryBankTransactionCode: z.string().optional().describe("The bank's own code of the kind of transaction"),
  additionalInformation: z.string().optional().describe("Further information on the transaction (details endpoint only)"),
  additionalInformationProprietary1: z
    .string()
    .optional()
    .describe("An extra reference of the bank (details endpoint only): a foreign-currency entry's originalAmount=<amount> <currency>"),
  additionalInformationProprietary2: z
    .string()
    .optional()
    .describe("An extra reference of the bank (details endpoint only): a foreign-currency entry's exchangeRate=<rate>"),
  _links: linksSchema.optional().describe("transactionDetails: the transaction's details endpoint"),
});

export type Transaction = z.output<typeof transactionSchema>;

/**
 * The reply to GET /v1/accounts/{id}/transactions: booked and/or pending as bookingStatus asks,
 * and the paging links (account, first, next, previous, last).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export const transactionsResponseSchema = z.looseObject({
  account: reportedAccountReferenceSchema.optional().describe("The account the transactions are of"),
  transactions: z
    .looseObject({
      booked: z.array(transactionSchema).optional().describe("Booked transactions: fully processed, their transactionId stable"),
      pending: z.array(transactionSchema).optional().describe("Pending transactions: their properties may change between reads"),
      rejected: z.array(transactionSchema).optional().describe("bookingStatus=all: the page's rejected transactions"),
      _links: linksSchema
        .optional()
        .describe("Paging links: account, first, next (absent on the last page), previous (absent on the first), last"),
    })
    .describe("The transactions, booked and pending as bookingStatus asks, with paging links"),
  balances: z.array(balanceSchema).optional().describe("Balances of the account, when the bank adds them"),
  _links: linksSchema.optional().describe("Links of the reply"),
});

/** The reply to GET /v1/accounts/{id}/transactions/{transactionId}. @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox */
export const transactionDetailsResponseSchema = z.looseObject({
  transactionsDetails: transactionSchema.describe("The transaction, with every field the bank has"),
});
