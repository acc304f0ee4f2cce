import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { countryCodeSchema } from "./fields";
import { text } from "./zod-checks";

/**
 * An Address in a request (creditorAddress): street at most 70 characters, country from the
 * spec's list; the parts the spec leaves unbounded get ISO 20022's limits (buildingNumber and
 * postalCode 16 characters, city 35).
 *
 * @see docs/interface/conventions.md#address
 */
export const requestAddressSchema = z.strictObject({
  street: text(FIELD_LIMITS.street).optional().describe("Street name (at most 70 characters)"),
  buildingNumber: text(FIELD_LIMITS.buildingNumber).optional().describe("Building number"),
  postalCode: text(FIELD_LIMITS.postalCode).optional().describe("Postal code"),
  city: text(FIELD_LIMITS.city).optional().describe("Town or city"),
  country: countryCodeSchema.describe("ISO 3166-1 alpha-2 country code, e.g. NO"),
});

/** An Address in a reply (transaction details): every part optional, unknown fields kept. @see docs/interface/payments.md#payments-in-the-sandbox */
export const reportedAddressSchema = z.looseObject({
  street: z.string().optional().describe("Street name (at most 70 characters)"),
  buildingNumber: z.string().optional().describe("Building number"),
  postalCode: z.string().optional().describe("Postal code"),
  city: z.string().optional().describe("Town or city"),
  country: z.string().optional().describe("ISO 3166-1 alpha-2 country code, e.g. NO"),
});
