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
} from "../../../psd2/schemas";
import type { ValidatedPaymentBody } from "./payment-order";

/** A payment body as judged: typed for its service and product, with the bank's date it was judged against. */
export type JudgedPaymentBody = {
  readonly validated: ValidatedPaymentBody;
  /** today in Europe/Oslo when the body was judged: the execution date was checked against it, the first execution counts from it */
  readonly today: string;
};

/** The parse of one service and product, typed as such. */
function judged<T>(result: ParseResult<T>, today: string, wrap: (value: T) => ValidatedPaymentBody): ParseResult<JudgedPaymentBody> {
  return result.ok ? { ok: true, value: { validated: wrap(result.value), today }, tppMessages: result.tppMessages } : result;
}

/**
 * Judges the body of POST /v1/{service}/{product} with the product's schema (lib/psd2): every
 * field rule, KID_INVALID, EXECUTION_DATE_INVALID against the sandbox's today; all violations in
 * one list (the route answers them as one 400). On success: the typed body, and the WARNINGs (the
 * deprecated single structured remittance) in `tppMessages`. The payment routes judge their body
 * with it (lib/bank/routes/v1/payment-route-docs.ts, paymentBodyOf).
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export function parsePaymentBody(
  service: PaymentService,
  product: PaymentProduct,
  body: unknown,
  today: string,
): ParseResult<JudgedPaymentBody> {
  const context = { today };
  const sepa = product === "sepa-credit-transfers";
  switch (service) {
    case "payments":
      return sepa
        ? judged(parseSepaPayment(body, context), today, (value) => ({ service, sepa, body: value }))
        : judged(parseNorwegianDomesticPayment(body, context), today, (value) => ({ service, sepa, body: value }));
    case "periodic-payments":
      return sepa
        ? judged(parsePeriodicSepaPayment(body, context), today, (value) => ({ service, sepa, body: value }))
        : judged(parsePeriodicNorwegianDomesticPayment(body, context), today, (value) => ({ service, sepa, body: value }));
    case "bulk-payments":
      return sepa
        ? judged(parseBulkSepaPayment(body, context), today, (value) => ({ service, sepa, body: value }))
        : judged(parseBulkNorwegianDomesticPayment(body, context), today, (value) => ({ service, sepa, body: value }));
  }
}
