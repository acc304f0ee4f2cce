import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { countryCodeSchema } from "./fields";
import { text } from "./zod-checks";

/**
 * An Address in a request (creditorAddress): street at most 70 characters, country from the
 * spec's list; the other parts are non-empty texts without a stated limit.
 *
 * @see psd2-interface.md "Shared types", Address
 */
export const requestAddressSchema = z.strictObject({
  street: text(FIELD_LIMITS.street).optional(),
  buildingNumber: text().optional(),
  postalCode: text().optional(),
  city: text().optional(),
  country: countryCodeSchema,
});

export type RequestAddress = z.output<typeof requestAddressSchema>;

/** An Address in a reply (transaction details): every part optional, unknown fields kept. @see supplement.md §5 */
export const reportedAddressSchema = z.looseObject({
  street: z.string().optional(),
  buildingNumber: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
});
