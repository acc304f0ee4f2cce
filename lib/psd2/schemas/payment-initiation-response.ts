import { z } from "zod";
import { reportedAmountSchema } from "./amount";
import { linksSchema } from "./links";
import { psuMessageSchema, tppMessageSchema } from "./tpp-message";
import { transactionStatusSchema } from "./transaction-status";
import { text } from "./zod-checks";

/**
 * The reply to a payment initiation (201). `_links` holds self, status and either
 * startAuthorisation (Norwegian domestic, instant: the TPP must POST it) or scaRedirect (SEPA).
 *
 * @see psd2-interface.md "Payment creation response"; supplement.md §5
 */
export const paymentInitiationResponseSchema = z.looseObject({
  paymentId: text(),
  transactionStatus: transactionStatusSchema,
  transactionFees: reportedAmountSchema.optional(),
  transactionFeeIndicator: z.boolean().optional(),
  tppMessages: z.array(tppMessageSchema).optional(),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional(),
});

export type PaymentInitiationResponse = z.output<typeof paymentInitiationResponseSchema>;
