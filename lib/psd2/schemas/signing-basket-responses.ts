import { z } from "zod";
import { linksSchema } from "./links";
import { psuMessageSchema, tppMessageSchema } from "./tpp-message";
import { basketTransactionStatusSchema } from "./transaction-status";

/** The reply to POST /v1/signing-baskets (201). @see docs/interface/signing-baskets.md#request-and-response; docs/interface/signing-baskets.md#rules-in-the-sandbox */
export const signingBasketResponseSchema = z.looseObject({
  basketId: z.string().optional().describe("The basket's id, used in the paths of its endpoints"),
  transactionStatus: basketTransactionStatusSchema.describe(
    "The basket's status: RCVD before SCA, ACTC when all are authorised, PATC when some are, RJCT when one was rejected",
  ),
  tppMessages: z.array(tppMessageSchema).optional().describe("Operational messages to the TPP"),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional().describe("self, status and startAuthorisation of the basket"),
});

/** The reply to GET /v1/signing-baskets/{basketId}. @see docs/interface/signing-baskets.md#rules-in-the-sandbox */
export const signingBasketDetailsResponseSchema = z.looseObject({
  payments: z.array(z.string()).describe("The ids of the basket's payments"),
  transactionStatus: basketTransactionStatusSchema.describe(
    "The basket's status: RCVD before SCA, ACTC when all are authorised, PATC when some are, RJCT when one was rejected",
  ),
  _links: linksSchema.optional().describe("self, status and startAuthorisation of the basket"),
});

/** The reply to GET /v1/signing-baskets/{basketId}/status. @see docs/interface/signing-baskets.md#rules-in-the-sandbox */
export const signingBasketStatusResponseSchema = z.looseObject({
  transactionStatus: basketTransactionStatusSchema.describe(
    "The basket's status: RCVD before SCA, ACTC when all are authorised, PATC when some are, RJCT when one was rejected",
  ),
});
