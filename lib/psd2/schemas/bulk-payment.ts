import { z } from "zod";
import { validateItemCount } from "../validation/validate-item-count";
import { isoDateSchema } from "./fields";
import { checkNorwegianDomesticRules, norwegianDebtorAccountSchema, norwegianDomesticEntryShape } from "./norwegian-domestic-payment";
import { foldDeprecatedRemittance } from "./remittance";
import { ibanAccountSchema, sepaEntryShape } from "./sepa-payment";
import { checkWith } from "./zod-checks";

/**
 * The payments of a bulk: at least one; the spec states no maximum.
 * Each is the product's single payment without debtorAccount (docs/interface/endpoints.md#success-statuses) and without
 * requestedExecutionDate: a bulk has one date for all its payments, as in Berlin Group's bulk
 * element, so that a payment cannot contradict its bulk.
 */
function bulkOf<D extends z.ZodType, T extends z.ZodType>(debtorAccount: D, entry: T) {
  return z.strictObject({
    batchBookingPreferred: z.boolean().optional().describe("true: the payments are booked as one entry on the debtor account"),
    debtorAccount: debtorAccount.describe("The account to pay every payment from"),
    requestedExecutionDate: isoDateSchema.optional().describe("The date to execute the payments (YYYY-MM-DD); absent: as soon as possible"),
    payments: z
      .array(entry)
      .check(checkWith((items: readonly unknown[]) => validateItemCount(items, { min: 1 }, "payment")))
      .describe("The payments (at least one), each the product's single payment without debtorAccount"),
  });
}

/** The body of POST /v1/bulk-payments/norwegian-domestic-credit-transfers (and of the instant product). @see docs/interface/endpoints.md#success-statuses */
export const bulkNorwegianDomesticPaymentSchema = bulkOf(
  norwegianDebtorAccountSchema,
  z.strictObject(norwegianDomesticEntryShape).check(checkNorwegianDomesticRules).transform(foldDeprecatedRemittance),
);

export type BulkNorwegianDomesticPayment = z.output<typeof bulkNorwegianDomesticPaymentSchema>;

/** The body of POST /v1/bulk-payments/sepa-credit-transfers. @see docs/interface/endpoints.md#success-statuses */
export const bulkSepaPaymentSchema = bulkOf(ibanAccountSchema, z.strictObject(sepaEntryShape));

export type BulkSepaPayment = z.output<typeof bulkSepaPaymentSchema>;
