import { z } from "zod";
import { reportedAccountReferenceSchema } from "./account-reference";
import { reportedAmountSchema } from "./amount";
import { isoDateSchema, isoDateTimeSchema } from "./fields";
import { linksSchema } from "./links";

/**
 * One balance. balanceType is read as any string (a bank may use a type beyond Berlin Group's
 * list, which BALANCE_TYPES holds).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions
 */
export const balanceSchema = z.looseObject({
  balanceType: z.string().describe("Berlin Group balance type; the sandbox gives closingBooked, expected and interimAvailable"),
  balanceAmount: reportedAmountSchema.describe("The balance; its currency is the account's"),
  referenceDate: isoDateSchema.optional().describe("The date the balance is for (closingBooked: yesterday)"),
  lastChangeDateTime: isoDateTimeSchema.optional().describe("When the balance last changed (ISO 8601)"),
  creditLimitIncluded: z.boolean().optional().describe("Whether the balance includes the credit limit"),
});

export type Balance = z.output<typeof balanceSchema>;

/**
 * The reply to GET /v1/accounts/{id}/balances (account) and /v1/card-accounts/{id}/balances
 * (cardAccount).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/accounts.md#account-information-notes
 */
export const balancesResponseSchema = z.looseObject({
  account: reportedAccountReferenceSchema.optional().describe("The account the balances are of"),
  cardAccount: reportedAccountReferenceSchema.optional().describe("The card account the balances are of"),
  balances: z.array(balanceSchema).describe("The balances"),
  _links: linksSchema.optional().describe("Links to the account"),
});
