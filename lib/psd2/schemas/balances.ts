import { z } from "zod";
import { reportedAccountReferenceSchema } from "./account-reference";
import { reportedAmountSchema } from "./amount";
import { isoDateSchema, isoDateTimeSchema } from "./fields";
import { linksSchema } from "./links";

/** Berlin Group balance types; the sandbox returns closingBooked, expected and interimAvailable. @see supplement.md §3 */
export const BALANCE_TYPES = [
  "closingBooked",
  "expected",
  "authorised",
  "openingBooked",
  "interimAvailable",
  "interimBooked",
  "forwardAvailable",
  "nonInvoiced",
] as const;

/**
 * One balance. balanceType is read as any string (a bank may use a type beyond Berlin Group's
 * list, which BALANCE_TYPES holds).
 *
 * @see supplement.md §3
 */
export const balanceSchema = z.looseObject({
  balanceType: z.string(),
  balanceAmount: reportedAmountSchema,
  referenceDate: isoDateSchema.optional(),
  lastChangeDateTime: isoDateTimeSchema.optional(),
  creditLimitIncluded: z.boolean().optional(),
});

export type Balance = z.output<typeof balanceSchema>;

/**
 * The reply to GET /v1/accounts/{id}/balances (account) and /v1/card-accounts/{id}/balances
 * (cardAccount).
 *
 * @see supplement.md §3; psd2-interface.md "Account-information notes"
 */
export const balancesResponseSchema = z.looseObject({
  account: reportedAccountReferenceSchema.optional(),
  cardAccount: reportedAccountReferenceSchema.optional(),
  balances: z.array(balanceSchema),
  _links: linksSchema.optional(),
});

export type BalancesResponse = z.output<typeof balancesResponseSchema>;
