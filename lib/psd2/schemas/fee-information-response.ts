import { z } from "zod";
import { reportedAmountSchema } from "./amount";

/** The reply to GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information. @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox */
export const feeInformationResponseSchema = z.looseObject({
  transactionFees: reportedAmountSchema.describe("The fee the payment would cost"),
  transactionFeeIndicator: z.boolean().describe("true when the payment costs a fee"),
});
