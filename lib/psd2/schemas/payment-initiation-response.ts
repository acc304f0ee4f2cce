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
 * @see docs/interface/payments.md#payment-creation-response; docs/interface/payments.md#payments-in-the-sandbox
 */
export const paymentInitiationResponseSchema = z.looseObject({
  paymentId: text().describe("The payment's id, used in the paths of its endpoints"),
  transactionStatus: transactionStatusSchema.describe("The payment's status (ISO 20022): RCVD, ACTC, PDNG, ACSP, ACSC, RJCT, CANC, ..."),
  transactionFees: reportedAmountSchema.optional().describe("The total fee, currency conversion included"),
  transactionFeeIndicator: z.boolean().optional().describe("true when the payment costs a fee; the total is then in transactionFees"),
  tppMessages: z.array(tppMessageSchema).optional().describe("Operational messages to the TPP, e.g. a WARNING"),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional().describe("self, status, and startAuthorisation (POST it to start SCA) or scaRedirect"),
});
