import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { ACCOUNT_STATUSES, ACCOUNT_USAGES } from "./account";
import { reportedAmountSchema } from "./amount";
import { balanceSchema } from "./balances";
import { linksSchema } from "./links";
import { text } from "./zod-checks";

/**
 * A card account (GET /v1/card-accounts, /v1/card-accounts/{id}): resourceId, maskedPan and
 * currency required; name at most 70 characters.
 *
 * @see supplement.md §3; psd2-interface.md "Limits", "Versioning" (longer-names)
 */
export const cardAccountSchema = z.looseObject({
  resourceId: z.string(),
  maskedPan: z.string(),
  currency: z.string(),
  name: text(FIELD_LIMITS.accountName).optional(),
  product: z.string().optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  usage: z.enum(ACCOUNT_USAGES).optional(),
  creditLimit: reportedAmountSchema.optional(),
  /**
   * The reference a payment from this card account names in debtorAccount.other.identification,
   * when the card account can pay (a national extension).
   * @see psd2-interface.md "Norwegian domestic credit transfer request", debtorAccount.other
   */
  relatedAccount: z.string().optional(),
  balances: z.array(balanceSchema).optional(),
  _links: linksSchema.optional(),
});

export type CardAccount = z.output<typeof cardAccountSchema>;

/** The reply to GET /v1/card-accounts. @see supplement.md §3 */
export const cardAccountsResponseSchema = z.looseObject({ cardAccounts: z.array(cardAccountSchema) });

export type CardAccountsResponse = z.output<typeof cardAccountsResponseSchema>;

/** The reply to GET /v1/card-accounts/{id}. @see supplement.md §3 */
export const cardAccountResponseSchema = z.looseObject({ cardAccount: cardAccountSchema });

export type CardAccountResponse = z.output<typeof cardAccountResponseSchema>;
