import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { balanceSchema } from "./balances";
import { linksSchema } from "./links";
import { text } from "./zod-checks";

/** The states of an account or card account. @see supplement.md §3 */
export const ACCOUNT_STATUSES = ["enabled", "deleted", "blocked"] as const;

/** The usages of an account or card account: private or organisation. @see supplement.md §3 */
export const ACCOUNT_USAGES = ["PRIV", "ORGA"] as const;

/**
 * An account (GET /v1/accounts, /v1/accounts/{id}): resourceId (the path id) and currency
 * required; name at most 70 characters; balances when withBalance=true.
 *
 * @see supplement.md §3; psd2-interface.md "Limits"
 */
export const accountSchema = z.looseObject({
  resourceId: z.string(),
  bban: text(FIELD_LIMITS.bban).optional(),
  iban: text(FIELD_LIMITS.iban).optional(),
  currency: z.string(),
  name: text(FIELD_LIMITS.accountName).optional(),
  product: z.string().optional(),
  cashAccountType: z.string().optional(),
  bic: z.string().optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  usage: z.enum(ACCOUNT_USAGES).optional(),
  ownerName: z.string().optional(),
  balances: z.array(balanceSchema).optional(),
  _links: linksSchema.optional(),
});

export type Account = z.output<typeof accountSchema>;

/** The reply to GET /v1/accounts. @see supplement.md §2, §3 */
export const accountsResponseSchema = z.looseObject({ accounts: z.array(accountSchema) });

export type AccountsResponse = z.output<typeof accountsResponseSchema>;

/** The reply to GET /v1/accounts/{id}. @see supplement.md §2 */
export const accountResponseSchema = z.looseObject({ account: accountSchema });

export type AccountResponse = z.output<typeof accountResponseSchema>;
