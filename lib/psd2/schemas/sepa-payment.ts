import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { requestAddressSchema } from "./address";
import { requestAmountSchema } from "./amount";
import { currencyCodeSchema, ibanSchema, isoDateSchema } from "./fields";
import { text } from "./zod-checks";

/** An account by IBAN: iban and currency. @see psd2-interface.md "SEPA credit transfer request" */
export const ibanAccountSchema = z.strictObject({ iban: ibanSchema, currency: currencyCodeSchema });

/** The fields of a SEPA credit transfer that a bulk entry has too (all but debtorAccount and requestedExecutionDate). */
export const sepaEntryShape = {
  endToEndIdentification: text(FIELD_LIMITS.endToEndIdentification).optional(),
  instructedAmount: requestAmountSchema,
  creditorName: text(FIELD_LIMITS.creditorName),
  creditorAccount: ibanAccountSchema,
  creditorAddress: requestAddressSchema.optional(),
  remittanceInformationUnstructured: text(FIELD_LIMITS.remittanceInformationUnstructured).optional(),
};

/** The fields of a single SEPA credit transfer (periodic payments build on them). */
export const sepaPaymentShape = {
  ...sepaEntryShape,
  debtorAccount: ibanAccountSchema,
  requestedExecutionDate: isoDateSchema.optional(),
};

/**
 * The body of POST /v1/payments/sepa-credit-transfers: exactly the spec's fields; unknown ones
 * (creditorAgent, structured remittance, ...) are rejected.
 *
 * @see psd2-interface.md "SEPA credit transfer request"
 */
export const sepaPaymentSchema = z.strictObject(sepaPaymentShape);

export type SepaPayment = z.output<typeof sepaPaymentSchema>;
