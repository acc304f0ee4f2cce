import type { z } from "zod";
import { isRecord } from "../validation/is-record";
import type { JsonPath } from "../validation/json-path";
import { validateExecutionDate } from "../validation/validate-execution-date";
import { isValidIsoDate } from "../validation/validate-iso-date";
import type { FieldViolation } from "../validation/violation";
import { bulkNorwegianDomesticPaymentSchema, bulkSepaPaymentSchema } from "./bulk-payment";
import { norwegianDomesticPaymentSchema } from "./norwegian-domestic-payment";
import { parseRequestBody, type ParseResult } from "./parse-request-body";
import { PAYMENT_REQUEST_SCHEMAS, type PaymentProduct, type PaymentRequest, type PaymentService } from "./payment-request-schemas";
import { periodicNorwegianDomesticPaymentSchema, periodicSepaPaymentSchema } from "./periodic-payment";
import { sepaPaymentSchema } from "./sepa-payment";
import { createTppMessage, type ValidationTppMessage } from "./to-tpp-messages";

/** What a payment request is judged against besides its body. */
export interface PaymentRequestContext {
  /** the bank's date today in Europe/Oslo, YYYY-MM-DD (lib/psd2 reads no clock) */
  readonly today: string;
}

/**
 * EXECUTION_DATE_INVALID for a date before today or more than a year ahead: requestedExecutionDate
 * of a payment or bulk, startDate (the first execution) of a periodic payment. Read from the raw
 * body, so that it is reported together with the schema's issues; a malformed date is left to
 * the schema's FORMAT_ERROR.
 */
function executionDateViolations(service: PaymentService, body: unknown, today: string): FieldViolation[] {
  const field = service === "periodic-payments" ? "startDate" : "requestedExecutionDate";
  const date = isRecord(body) ? body[field] : undefined;
  if (typeof date !== "string" || !isValidIsoDate(date)) return [];
  const violation = validateExecutionDate(date, today);
  return violation ? [{ ...violation, path: [field] }] : [];
}

/** The WARNINGs for each payment of a valid body that used the deprecated remittanceInformationStructured. */
function deprecationWarnings(service: PaymentService, body: unknown): ValidationTppMessage[] {
  const payments: { value: unknown; path: JsonPath }[] =
    service === "bulk-payments"
      ? (isRecord(body) && Array.isArray(body.payments) ? body.payments : []).map((value: unknown, index: number) => ({
          value,
          path: ["payments", index],
        }))
      : [{ value: body, path: [] }];
  return payments
    .filter(({ value }) => isRecord(value) && value.remittanceInformationStructured !== undefined)
    .map(({ path }) =>
      createTppMessage(
        [...path, "remittanceInformationStructured"],
        {
          code: "FORMAT_ERROR",
          reason: "is deprecated; it was read as a one-element remittanceInformationStructuredArray, which replaces it",
        },
        { category: "WARNING" },
      ),
    );
}

/** The parse of a payment body with the rules that need the service: execution date and warnings. */
function parsePayment<S extends z.ZodType>(
  schema: S,
  service: PaymentService,
  body: unknown,
  context: PaymentRequestContext,
): ParseResult<z.output<S>> {
  if (!isValidIsoDate(context.today)) throw new RangeError(`context.today must be a YYYY-MM-DD date, got ${JSON.stringify(context.today)}`);
  const result = parseRequestBody(schema, body, executionDateViolations(service, body, context.today));
  return result.ok ? { ...result, tppMessages: deprecationWarnings(service, body) } : result;
}

/**
 * Parses the body of POST /v1/{service}/{product}: the product's schema (unknown fields
 * rejected), characters that cannot be processed downstream, and the execution date against
 * `context.today`. On success, `tppMessages` holds the WARNINGs (deprecated single structured
 * remittance). Throws a RangeError when `context.today` is not a date: that is a programming
 * error. The typed functions below give the precise type of one service and product.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/endpoints.md#success-statuses, docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export function parsePaymentRequest(
  service: PaymentService,
  product: PaymentProduct,
  body: unknown,
  context: PaymentRequestContext,
): ParseResult<PaymentRequest> {
  return parsePayment(PAYMENT_REQUEST_SCHEMAS[service][product], service, body, context);
}

/** The body of POST /v1/payments/norwegian-domestic-credit-transfers. @see docs/interface/payments.md#norwegian-domestic-credit-transfer */
export function parseNorwegianDomesticPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(norwegianDomesticPaymentSchema, "payments", body, context);
}

/** The body of POST /v1/payments/instant-norwegian-credit-transfers-straks: the domestic payment's. @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox */
export function parseInstantPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(norwegianDomesticPaymentSchema, "payments", body, context);
}

/** The body of POST /v1/payments/sepa-credit-transfers. @see docs/interface/payments.md#sepa-credit-transfer */
export function parseSepaPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(sepaPaymentSchema, "payments", body, context);
}

/** The body of POST /v1/periodic-payments/norwegian-domestic-credit-transfers (and instant). @see docs/interface/endpoints.md#success-statuses */
export function parsePeriodicNorwegianDomesticPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(periodicNorwegianDomesticPaymentSchema, "periodic-payments", body, context);
}

/** The body of POST /v1/periodic-payments/sepa-credit-transfers. @see docs/interface/endpoints.md#success-statuses */
export function parsePeriodicSepaPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(periodicSepaPaymentSchema, "periodic-payments", body, context);
}

/** The body of POST /v1/bulk-payments/norwegian-domestic-credit-transfers (and instant). @see docs/interface/endpoints.md#success-statuses */
export function parseBulkNorwegianDomesticPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(bulkNorwegianDomesticPaymentSchema, "bulk-payments", body, context);
}

/** The body of POST /v1/bulk-payments/sepa-credit-transfers. @see docs/interface/endpoints.md#success-statuses */
export function parseBulkSepaPayment(body: unknown, context: PaymentRequestContext) {
  return parsePayment(bulkSepaPaymentSchema, "bulk-payments", body, context);
}
