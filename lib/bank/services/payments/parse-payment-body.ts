import {
  parseBulkNorwegianDomesticPayment,
  parseBulkSepaPayment,
  parseNorwegianDomesticPayment,
  parsePeriodicNorwegianDomesticPayment,
  parsePeriodicSepaPayment,
  parseSepaPayment,
  type ParseResult,
  type PaymentProduct,
  type PaymentService,
  type ValidationTppMessage,
} from "../../../psd2/schemas";
import { BankError } from "../../errors";
import type { ValidatedPaymentBody } from "./payment-order";

function unwrap<T>(result: ParseResult<T>): { value: T; warnings: readonly ValidationTppMessage[] } {
  if (!result.ok) throw BankError.fromMessages(result.tppMessages);
  return { value: result.value, warnings: result.tppMessages };
}

/**
 * Validates the body of POST /v1/{service}/{product} with the product's schema (lib/psd2): every
 * field rule, KID_INVALID, EXECUTION_DATE_INVALID against the sandbox's today; all violations in
 * one 400. Returns the typed body and the WARNINGs (the deprecated single structured remittance).
 *
 * @see supplement.md §2, §4, §5
 */
export function parsePaymentBody(
  service: PaymentService,
  product: PaymentProduct,
  body: unknown,
  today: string,
): { validated: ValidatedPaymentBody; warnings: readonly ValidationTppMessage[] } {
  const context = { today };
  const sepa = product === "sepa-credit-transfers";
  switch (service) {
    case "payments": {
      if (sepa) {
        const { value, warnings } = unwrap(parseSepaPayment(body, context));
        return { validated: { service, sepa, body: value }, warnings };
      }
      const { value, warnings } = unwrap(parseNorwegianDomesticPayment(body, context));
      return { validated: { service, sepa, body: value }, warnings };
    }
    case "periodic-payments": {
      if (sepa) {
        const { value, warnings } = unwrap(parsePeriodicSepaPayment(body, context));
        return { validated: { service, sepa, body: value }, warnings };
      }
      const { value, warnings } = unwrap(parsePeriodicNorwegianDomesticPayment(body, context));
      return { validated: { service, sepa, body: value }, warnings };
    }
    case "bulk-payments": {
      if (sepa) {
        const { value, warnings } = unwrap(parseBulkSepaPayment(body, context));
        return { validated: { service, sepa, body: value }, warnings };
      }
      const { value, warnings } = unwrap(parseBulkNorwegianDomesticPayment(body, context));
      return { validated: { service, sepa, body: value }, warnings };
    }
  }
}
