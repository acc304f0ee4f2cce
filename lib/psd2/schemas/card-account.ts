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
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/limits.md#limits-in-the-spec, docs/interface/versioning.md#versioning (longer-names)
 */
export const cardAccountSchema = z.looseObject({
  resourceId: z.string().describe("The card account's id, used in the paths of its endpoints"),
  maskedPan: z.string().describe("The card number, masked: 6 digits, 6 stars, 4 digits"),
  currency: z.string().describe("The card account's currency (ISO 4217)"),
  name: text(FIELD_LIMITS.accountName).optional().describe("The card account's name (at most 70 characters)"),
  product: z.string().optional().describe("The bank's name of the card product"),
  status: z.enum(ACCOUNT_STATUSES).optional().describe("enabled, deleted or blocked"),
  usage: z.enum(ACCOUNT_USAGES).optional().describe("PRIV (private) or ORGA (professional)"),
  creditLimit: reportedAmountSchema.optional().describe("The card's credit limit"),
  /**
   * The reference a payment from this card account names in debtorAccount.other.identification,
   * when the card account can pay (a national extension).
   * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, debtorAccount.other
   */
  relatedAccount: z
    .string()
    .optional()
    .describe("The reference a payment from this card account gives in debtorAccount.other.identification"),
  balances: z.array(balanceSchema).optional().describe("The card account's balances (with withBalance=true)"),
  _links: linksSchema.optional().describe("self, balances and transactions of the card account"),
});

export type CardAccount = z.output<typeof cardAccountSchema>;

/** The reply to GET /v1/card-accounts. @see docs/interface/accounts.md#accounts-balances-transactions */
export const cardAccountsResponseSchema = z.looseObject({
  cardAccounts: z.array(cardAccountSchema).describe("The card accounts the PSU has consented to for this TPP"),
});

/** The reply to GET /v1/card-accounts/{id}. @see docs/interface/accounts.md#accounts-balances-transactions */
export const cardAccountResponseSchema = z.looseObject({ cardAccount: cardAccountSchema.describe("The card account") });
