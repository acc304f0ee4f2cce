import { z } from "zod";
import { linksSchema } from "./links";
import { psuMessageSchema } from "./tpp-message";
import { transactionStatusSchema } from "./transaction-status";

/**
 * The reply to GET .../{paymentId}/status. fundsAvailable false tells a rejection for lack of funds.
 * @see supplement.md §5; psd2-interface.md "Account-information notes"
 */
export const paymentStatusResponseSchema = z.looseObject({
  transactionStatus: transactionStatusSchema,
  fundsAvailable: z.boolean().optional(),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional(),
});

export type PaymentStatusResponse = z.output<typeof paymentStatusResponseSchema>;
