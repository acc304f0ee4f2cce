import type { z } from "zod";
import { bulkNorwegianDomesticPaymentSchema, bulkSepaPaymentSchema } from "./bulk-payment";
import { norwegianDomesticPaymentSchema } from "./norwegian-domestic-payment";
import { periodicNorwegianDomesticPaymentSchema, periodicSepaPaymentSchema } from "./periodic-payment";
import { sepaPaymentSchema } from "./sepa-payment";

/** The payment services of the path /v1/{service}/{product}. @see docs/interface/endpoints.md#success-statuses */
export const PAYMENT_SERVICES = ["payments", "periodic-payments", "bulk-payments"] as const;
export type PaymentService = (typeof PAYMENT_SERVICES)[number];

/** The payment products. An unknown one is 404 PRODUCT_UNKNOWN. @see docs/interface/endpoints.md#success-statuses */
export const PAYMENT_PRODUCTS = [
  "norwegian-domestic-credit-transfers",
  "sepa-credit-transfers",
  "instant-norwegian-credit-transfers-straks",
] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/** Whether a path segment is a payment service. @see docs/interface/endpoints.md#success-statuses */
export function isPaymentService(value: string): value is PaymentService {
  return PAYMENT_SERVICES.some((service) => service === value);
}

/** Whether a path segment is a payment product. @see docs/interface/endpoints.md#success-statuses */
export function isPaymentProduct(value: string): value is PaymentProduct {
  return PAYMENT_PRODUCTS.some((product) => product === value);
}

/**
 * The request body schema of every payment service and product. The instant product shares the
 * Norwegian domestic bodies (see norwegianDomesticPaymentSchema).
 *
 * @see docs/interface/endpoints.md#success-statuses
 */
export const PAYMENT_REQUEST_SCHEMAS = {
  payments: {
    "norwegian-domestic-credit-transfers": norwegianDomesticPaymentSchema,
    "sepa-credit-transfers": sepaPaymentSchema,
    // The instant product's body is the domestic payment's.
    "instant-norwegian-credit-transfers-straks": norwegianDomesticPaymentSchema,
  },
  "periodic-payments": {
    "norwegian-domestic-credit-transfers": periodicNorwegianDomesticPaymentSchema,
    "sepa-credit-transfers": periodicSepaPaymentSchema,
    "instant-norwegian-credit-transfers-straks": periodicNorwegianDomesticPaymentSchema,
  },
  "bulk-payments": {
    "norwegian-domestic-credit-transfers": bulkNorwegianDomesticPaymentSchema,
    "sepa-credit-transfers": bulkSepaPaymentSchema,
    "instant-norwegian-credit-transfers-straks": bulkNorwegianDomesticPaymentSchema,
  },
} as const satisfies Record<PaymentService, Record<PaymentProduct, z.ZodType>>;

type Schemas = typeof PAYMENT_REQUEST_SCHEMAS;

/** The parsed body of a payment request; narrow it with the service and product. */
export type PaymentRequest = { [S in PaymentService]: { [P in PaymentProduct]: z.output<Schemas[S][P]> }[PaymentProduct] }[PaymentService];
