import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { requestAddressSchema } from "./address";
import { requestAmountSchema } from "./amount";
import { currencyCodeSchema, ibanSchema, isoDateSchema } from "./fields";
import { text } from "./zod-checks";

/** An account by IBAN: iban and currency. @see docs/interface/payments.md#sepa-credit-transfer */
export const ibanAccountSchema = z.strictObject({
  iban: ibanSchema.describe("IBAN (at most 34 characters, ISO 13616)"),
  currency: currencyCodeSchema.describe("The account's currency (ISO 4217)"),
});

/** The fields of a SEPA credit transfer that a bulk entry has too (all but debtorAccount and requestedExecutionDate). */
export const sepaEntryShape = {
  endToEndIdentification: text(FIELD_LIMITS.endToEndIdentification)
    .optional()
    .describe("The TPP's end-to-end id (at most 35 characters), for diagnostics and audit"),
  instructedAmount: requestAmountSchema.describe("The amount to pay"),
  creditorName: text(FIELD_LIMITS.creditorName).describe("The creditor's name (at most 70 characters)"),
  creditorAccount: ibanAccountSchema.describe("The creditor's account: iban and currency"),
  creditorAddress: requestAddressSchema.optional().describe("The creditor's address (optional for SEPA)"),
  remittanceInformationUnstructured: text(FIELD_LIMITS.remittanceInformationUnstructured)
    .optional()
    .describe("Free-text message to the creditor (1-140 characters); never with remittanceInformationStructuredArray"),
};

/** The fields of a single SEPA credit transfer (periodic payments build on them). */
export const sepaPaymentShape = {
  ...sepaEntryShape,
  debtorAccount: ibanAccountSchema.describe("The account to pay from: iban and currency"),
  requestedExecutionDate: isoDateSchema.optional().describe("The date to execute the payment (YYYY-MM-DD); absent: as soon as possible"),
};

/**
 * The body of POST /v1/payments/sepa-credit-transfers: exactly the spec's fields; unknown ones
 * (creditorAgent, structured remittance, ...) are rejected.
 *
 * @see docs/interface/payments.md#sepa-credit-transfer
 */
export const sepaPaymentSchema = z.strictObject(sepaPaymentShape);

export type SepaPayment = z.output<typeof sepaPaymentSchema>;
