import { z } from "zod";
import { linksSchema } from "./links";
import { psuMessageSchema } from "./tpp-message";
import { transactionStatusSchema } from "./transaction-status";

/**
 * The reply to GET .../{paymentId}/status. fundsAvailable false tells a rejection for lack of funds.
 * @see docs/interface/payments.md#payments-in-the-sandbox; docs/interface/accounts.md#account-information-notes
 */
export const paymentStatusResponseSchema = z.looseObject({
  transactionStatus: transactionStatusSchema.describe("The payment's status (ISO 20022): RCVD, ACTC, PDNG, ACSP, ACSC, RJCT, CANC, ..."),
  fundsAvailable: z.boolean().optional().describe("false when the payment was rejected for lack of funds"),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional().describe("Links of the payment"),
});
