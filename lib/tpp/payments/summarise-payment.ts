/**
 * What the TPP keeps beside a payment's request body for its listings: the total, the debtor,
 * the (first) creditor, the number of transfers and the date. Pure, from the body as sent.
 */
import { z } from "zod";
import { type PaymentService, requestAmountSchema } from "../../psd2/schemas";
import type { Money } from "../ais/ais-types";
import { addDecimalStrings } from "../payment-form/decimal";

const accountSchema = z.object({
  bban: z.string().optional(),
  iban: z.string().optional(),
  other: z.object({ identification: z.string() }).optional(),
});
const transferSchema = z.object({ instructedAmount: requestAmountSchema, creditorName: z.string(), creditorAccount: accountSchema });
const singleSchema = transferSchema.extend({
  debtorAccount: accountSchema,
  requestedExecutionDate: z.string().optional(),
  startDate: z.string().optional(),
});
const bulkSchema = z.object({
  debtorAccount: accountSchema,
  requestedExecutionDate: z.string().optional(),
  payments: z.array(transferSchema).min(1),
});

export interface PaymentSummary {
  /** The instructed amount; a bulk's sum when its payments share one currency, else null. */
  readonly amount: Money | null;
  readonly debtorAccount: string;
  readonly creditorName: string;
  readonly creditorAccount: string;
  readonly transferCount: number;
  /** requestedExecutionDate, or a periodic payment's startDate; null: as soon as possible. */
  readonly requestedExecutionDate: string | null;
}

function accountText(account: z.output<typeof accountSchema>): string {
  return account.bban ?? account.iban ?? account.other?.identification ?? "";
}

/** The summary of a payment body of the given service (valid by lib/psd2); throws a RangeError on another shape. */
export function summarisePayment(service: PaymentService, body: unknown): PaymentSummary {
  if (service === "bulk-payments") {
    const bulk = bulkSchema.parse(body);
    const [first] = bulk.payments;
    const currencies = new Set(bulk.payments.map((payment) => payment.instructedAmount.currency));
    const [currency] = currencies;
    return {
      amount:
        currencies.size === 1 && currency !== undefined
          ? { currency, amount: addDecimalStrings(bulk.payments.map((p) => p.instructedAmount.amount)) }
          : null,
      debtorAccount: accountText(bulk.debtorAccount),
      creditorName: first?.creditorName ?? "",
      creditorAccount: first === undefined ? "" : accountText(first.creditorAccount),
      transferCount: bulk.payments.length,
      requestedExecutionDate: bulk.requestedExecutionDate ?? null,
    };
  }
  const single = singleSchema.parse(body);
  return {
    amount: { amount: single.instructedAmount.amount, currency: single.instructedAmount.currency },
    debtorAccount: accountText(single.debtorAccount),
    creditorName: single.creditorName,
    creditorAccount: accountText(single.creditorAccount),
    transferCount: 1,
    requestedExecutionDate: (service === "periodic-payments" ? single.startDate : single.requestedExecutionDate) ?? null,
  };
}
