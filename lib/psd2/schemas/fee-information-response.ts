import { z } from "zod";
import { reportedAmountSchema } from "./amount";

/** The reply to GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information. @see supplement.md §2, §5 */
export const feeInformationResponseSchema = z.looseObject({
  transactionFees: reportedAmountSchema,
  transactionFeeIndicator: z.boolean(),
});

export type FeeInformationResponse = z.output<typeof feeInformationResponseSchema>;
