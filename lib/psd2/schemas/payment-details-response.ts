import { z } from "zod";
import { reportedAccountReferenceSchema } from "./account-reference";
import { reportedAmountSchema } from "./amount";
import { linksSchema } from "./links";
import { reportedRemittanceReferenceSchema } from "./remittance";
import { transactionStatusSchema } from "./transaction-status";

/**
 * The reply to GET /v1/{service}/{product}/{paymentId}: the request body echoed, plus paymentId,
 * transactionStatus and _links. One schema for every service and product: the fields the
 * products share are typed, the rest of the echo passes through untouched.
 *
 * @see supplement.md §5
 */
export const paymentDetailsResponseSchema = z.looseObject({
  paymentId: z.string().optional(),
  transactionStatus: transactionStatusSchema,
  fundsAvailable: z.boolean().optional(),
  instructedAmount: reportedAmountSchema.optional(),
  creditorName: z.string().optional(),
  creditorAccount: reportedAccountReferenceSchema.optional(),
  debtorAccount: reportedAccountReferenceSchema.optional(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationStructuredArray: z.array(reportedRemittanceReferenceSchema).optional(),
  requestedExecutionDate: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  frequency: z.string().optional(),
  payments: z.array(z.looseObject({})).optional(),
  _links: linksSchema.optional(),
});

export type PaymentDetailsResponse = z.output<typeof paymentDetailsResponseSchema>;
