import { z } from "zod";
import { linksSchema } from "./links";
import { psuMessageSchema, tppMessageSchema } from "./tpp-message";
import { basketTransactionStatusSchema } from "./transaction-status";

/** The reply to POST /v1/signing-baskets (201). @see psd2-interface.md "Signing basket"; supplement.md §6 */
export const signingBasketResponseSchema = z.looseObject({
  basketId: z.string().optional(),
  transactionStatus: basketTransactionStatusSchema,
  tppMessages: z.array(tppMessageSchema).optional(),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional(),
});

export type SigningBasketResponse = z.output<typeof signingBasketResponseSchema>;

/** The reply to GET /v1/signing-baskets/{basketId}. @see supplement.md §6 */
export const signingBasketDetailsResponseSchema = z.looseObject({
  payments: z.array(z.string()),
  transactionStatus: basketTransactionStatusSchema,
  _links: linksSchema.optional(),
});

export type SigningBasketDetailsResponse = z.output<typeof signingBasketDetailsResponseSchema>;

/** The reply to GET /v1/signing-baskets/{basketId}/status. @see supplement.md §6 */
export const signingBasketStatusResponseSchema = z.looseObject({ transactionStatus: basketTransactionStatusSchema });

export type SigningBasketStatusResponse = z.output<typeof signingBasketStatusResponseSchema>;
