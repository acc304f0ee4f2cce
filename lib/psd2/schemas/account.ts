import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { balanceSchema } from "./balances";
import { linksSchema } from "./links";
import { text } from "./zod-checks";

/** The states of an account or card account. @see docs/interface/accounts.md#accounts-balances-transactions */
export const ACCOUNT_STATUSES = ["enabled", "deleted", "blocked"] as const;

/** The usages of an account or card account: private or organisation. @see docs/interface/accounts.md#accounts-balances-transactions */
export const ACCOUNT_USAGES = ["PRIV", "ORGA"] as const;

/**
 * An account (GET /v1/accounts, /v1/accounts/{id}): resourceId (the path id) and currency
 * required; name at most 70 characters; balances when withBalance=true.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/limits.md#limits-in-the-spec
 */
export const accountSchema = z.looseObject({
  resourceId: z.string().describe("The account's id, used in the paths of its endpoints"),
  bban: text(FIELD_LIMITS.bban).optional().describe("Basic bank account number (Norwegian: 11 digits)"),
  iban: text(FIELD_LIMITS.iban).optional().describe("International bank account number"),
  currency: z.string().describe("The account's currency (ISO 4217)"),
  name: text(FIELD_LIMITS.accountName).optional().describe("The account's name (at most 70 characters)"),
  product: z.string().optional().describe("The bank's name of the account product"),
  cashAccountType: z.string().optional().describe("ISO 20022 cash account type, e.g. CACC (current) or SVGS (savings)"),
  bic: z.string().optional().describe("BIC of the account's bank"),
  status: z.enum(ACCOUNT_STATUSES).optional().describe("enabled, deleted or blocked"),
  usage: z.enum(ACCOUNT_USAGES).optional().describe("PRIV (private) or ORGA (professional)"),
  ownerName: z.string().optional().describe("Name of the account's owner"),
  balances: z.array(balanceSchema).optional().describe("The account's balances (with withBalance=true)"),
  _links: linksSchema.optional().describe("self, balances and transactions of the account"),
});

export type Account = z.output<typeof accountSchema>;

/** The reply to GET /v1/accounts. @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions */
export const accountsResponseSchema = z.looseObject({
  accounts: z.array(accountSchema).describe("The accounts the PSU has consented to for this TPP"),
});

/** The reply to GET /v1/accounts/{id}. @see docs/interface/endpoints.md#success-statuses */
export const accountResponseSchema = z.looseObject({ account: accountSchema.describe("The account") });
