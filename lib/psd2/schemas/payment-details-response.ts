import { z } from "zod";
import { reportedAccountReferenceSchema } from "./account-reference";
import { reportedAddressSchema } from "./address";
import { reportedAmountSchema } from "./amount";
import { linksSchema } from "./links";
import { reportedRemittanceReferenceSchema } from "./remittance";
import { transactionStatusSchema } from "./transaction-status";

/** The fields of one credit transfer as the details echo them: a single or periodic payment's, or a bulk entry's. */
const echoedTransferShape = {
  endToEndIdentification: z.string().optional().describe("The TPP's end-to-end id, as sent"),
  instructedAmount: reportedAmountSchema.optional().describe("The amount to pay, as sent"),
  creditorName: z.string().optional().describe("The creditor's name, as sent"),
  creditorAgent: z.string().optional().describe("BIC of the creditor's bank, as sent"),
  creditorAccount: reportedAccountReferenceSchema.optional().describe("The creditor's account, as sent"),
  creditorAddress: reportedAddressSchema.optional().describe("The creditor's address, as sent"),
  ultimateDebtor: z.string().optional().describe("The ultimate debtor's name, as sent"),
  remittanceInformationUnstructured: z.string().optional().describe("The free-text message, as sent"),
  remittanceInformationStructuredArray: z
    .array(reportedRemittanceReferenceSchema)
    .optional()
    .describe("The OCR/KID references, as sent (a deprecated remittanceInformationStructured as its one element)"),
  purposeCode: z.string().optional().describe("The ISO 20022 purpose code, as sent"),
};

/**
 * The reply to GET /v1/{service}/{product}/{paymentId}: the request body echoed, plus paymentId,
 * transactionStatus and _links, and the payment's fundsAvailable and fees. One schema for every
 * service and product: the fields of every product's body, each optional.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox; docs/interface/payments.md#payment-creation-response (transactionFees, transactionFeeIndicator)
 */
export const paymentDetailsResponseSchema = z.looseObject({
  paymentId: z.string().optional().describe("The payment's id, used in the paths of its endpoints"),
  transactionStatus: transactionStatusSchema.describe("The payment's status (ISO 20022): RCVD, ACTC, PDNG, ACSP, ACSC, RJCT, CANC, ..."),
  fundsAvailable: z.boolean().optional().describe("false when the payment was rejected for lack of funds"),
  ...echoedTransferShape,
  debtorAccount: reportedAccountReferenceSchema.optional().describe("The account to pay from, as sent"),
  requestedExecutionDate: z.string().optional().describe("The requested execution date, as sent"),
  startDate: z.string().optional().describe("Periodic payments: the first execution date"),
  endDate: z.string().optional().describe("Periodic payments: the last date an execution may fall on"),
  frequency: z.string().optional().describe("Periodic payments: how often"),
  executionRule: z
    .string()
    .meta({ examples: ["following"] })
    .optional()
    .describe("Periodic payments: following or preceding, as sent"),
  dayOfExecution: z
    .string()
    .meta({ examples: ["25"] })
    .optional()
    .describe("Periodic payments: the day of the month to execute on, as sent"),
  monthsOfExecution: z
    .array(z.string().meta({ examples: ["3"] }))
    .optional()
    .describe("Periodic payments (MonthlyVariable): the months to execute in, as sent"),
  batchBookingPreferred: z.boolean().optional().describe("Bulk payments: whether the payments are booked as one entry, as sent"),
  payments: z.array(z.looseObject(echoedTransferShape)).optional().describe("Bulk payments: the payments, as sent"),
  transactionFees: reportedAmountSchema.optional().describe("The fee of the payment, when it has one (instant payments)"),
  transactionFeeIndicator: z.boolean().optional().describe("true when the payment incurs a fee; the total is then in transactionFees"),
  _links: linksSchema.optional().describe("self and status of the payment"),
});
