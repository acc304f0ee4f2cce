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
  paymentId: z.string().optional().describe("The payment's id, used in the paths of its endpoints"),
  transactionStatus: transactionStatusSchema.describe("The payment's status (ISO 20022): RCVD, ACTC, PDNG, ACSP, ACSC, RJCT, CANC, ..."),
  fundsAvailable: z.boolean().optional().describe("false when the payment was rejected for lack of funds"),
  instructedAmount: reportedAmountSchema.optional().describe("The amount to pay, as sent"),
  creditorName: z.string().optional().describe("The creditor's name, as sent"),
  creditorAccount: reportedAccountReferenceSchema.optional().describe("The creditor's account, as sent"),
  debtorAccount: reportedAccountReferenceSchema.optional().describe("The account to pay from, as sent"),
  remittanceInformationUnstructured: z.string().optional().describe("The free-text message, as sent"),
  remittanceInformationStructuredArray: z.array(reportedRemittanceReferenceSchema).optional().describe("The OCR/KID references, as sent"),
  requestedExecutionDate: z.string().optional().describe("The requested execution date, as sent"),
  startDate: z.string().optional().describe("Periodic payments: the first execution date"),
  endDate: z.string().optional().describe("Periodic payments: the last date an execution may fall on"),
  frequency: z.string().optional().describe("Periodic payments: how often"),
  payments: z.array(z.looseObject({})).optional().describe("Bulk payments: the payments, as sent"),
  _links: linksSchema.optional().describe("self and status of the payment"),
});

export type PaymentDetailsResponse = z.output<typeof paymentDetailsResponseSchema>;
