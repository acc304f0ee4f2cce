import { z } from "zod";
import { reportedAmountSchema } from "./amount";

/** The reply to GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information. @see supplement.md §2, §5 */
export const feeInformationResponseSchema = z.looseObject({
  transactionFees: reportedAmountSchema.describe("The fee the payment would cost"),
  transactionFeeIndicator: z.boolean().describe("true when the payment costs a fee"),
});
