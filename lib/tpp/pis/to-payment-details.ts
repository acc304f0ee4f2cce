import { z } from "zod";
import { paymentDetailsResponseSchema, reportedAccountReferenceSchema, reportedAmountSchema } from "../../psd2/schemas";
import { toMoney } from "../ais/to-app-types";
import type { PaymentDetails, PaymentRef, PaymentSchedule, PaymentTransfer } from "./pis-types";

/** An account of the echoed request: bban or iban, or a card account's `other.identification`. */
const echoedAccountSchema = reportedAccountReferenceSchema.extend({
  other: z.looseObject({ identification: z.string().optional() }).optional(),
});

/** The fields of one credit transfer as the details echo them (a single or periodic payment, or a bulk's entry). */
const echoedTransferShape = {
  instructedAmount: reportedAmountSchema.optional(),
  creditorName: z.string().optional(),
  creditorAccount: echoedAccountSchema.optional(),
  creditorAgent: z.string().optional(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationStructuredArray: z.array(z.looseObject({ reference: z.string() })).optional(),
  endToEndIdentification: z.string().optional(),
};

/**
 * The details reply (GET /v1/{service}/{product}/{paymentId}) with the echoed fields the app
 * shows typed: paymentDetailsResponseSchema types what every product shares and lets the rest of
 * the echo pass; here the rest of a transfer, a periodic payment's schedule and a bulk's entries
 * are read too.
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export const paymentDetailsReplySchema = paymentDetailsResponseSchema.extend({
  ...echoedTransferShape,
  debtorAccount: echoedAccountSchema.optional(),
  executionRule: z.string().optional(),
  dayOfExecution: z.string().optional(),
  monthsOfExecution: z.array(z.string()).optional(),
  batchBookingPreferred: z.boolean().optional(),
  payments: z.array(z.looseObject(echoedTransferShape)).optional(),
});

export type PaymentDetailsReply = z.output<typeof paymentDetailsReplySchema>;

type EchoedAccount = z.output<typeof echoedAccountSchema>;
type EchoedTransfer = z.output<z.ZodObject<typeof echoedTransferShape>>;

function accountOf(account: EchoedAccount | undefined): string | undefined {
  return account?.bban ?? account?.iban ?? account?.other?.identification;
}

function toTransfer(transfer: EchoedTransfer): PaymentTransfer {
  return {
    amount: transfer.instructedAmount === undefined ? undefined : toMoney(transfer.instructedAmount),
    creditorName: transfer.creditorName,
    creditorAccount: accountOf(transfer.creditorAccount),
    creditorAgent: transfer.creditorAgent,
    remittanceInformation: transfer.remittanceInformationUnstructured,
    structuredReferences: (transfer.remittanceInformationStructuredArray ?? []).map((item) => item.reference),
    endToEndIdentification: transfer.endToEndIdentification,
  };
}

function scheduleOf(reply: PaymentDetailsReply): PaymentSchedule | undefined {
  if (reply.startDate === undefined || reply.frequency === undefined) return undefined;
  return {
    startDate: reply.startDate,
    endDate: reply.endDate,
    frequency: reply.frequency,
    executionRule: reply.executionRule,
    dayOfExecution: reply.dayOfExecution,
    monthsOfExecution: reply.monthsOfExecution,
  };
}

/**
 * A payment's details as the app shows them, whatever its service: a single payment is one
 * transfer; a periodic payment one transfer and its schedule; a bulk its entries, with the
 * debtor account, date and batch booking of the whole.
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export function toPaymentDetails(ref: PaymentRef, reply: PaymentDetailsReply): PaymentDetails {
  return {
    ref,
    status: reply.transactionStatus,
    fundsAvailable: reply.fundsAvailable,
    debtorAccount: accountOf(reply.debtorAccount),
    requestedExecutionDate: reply.requestedExecutionDate,
    transfers: ref.service === "bulk-payments" ? (reply.payments ?? []).map(toTransfer) : [toTransfer(reply)],
    schedule: ref.service === "periodic-payments" ? scheduleOf(reply) : undefined,
    batchBookingPreferred: reply.batchBookingPreferred,
  };
}
