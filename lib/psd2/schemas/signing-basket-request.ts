import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { validateItemCount } from "../validation/validate-item-count";
import { validateUniqueItems } from "../validation/validate-unique-items";
import { checkFieldsWith, checkWith, text } from "./zod-checks";

/**
 * The body of POST /v1/signing-baskets: 1 to 10 payment ids. An id given twice is a
 * FORMAT_ERROR: a basket holds a payment once. Unknown fields are rejected.
 *
 * @see docs/interface/signing-baskets.md#request-and-response, docs/interface/limits.md#limits-in-the-spec; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export const signingBasketRequestSchema = z.strictObject({
  paymentIds: z
    .array(text())
    .check(
      checkWith((ids: readonly string[]) => validateItemCount(ids, FIELD_LIMITS.signingBasketPayments, "payment id")),
      checkFieldsWith((ids: readonly string[]) => validateUniqueItems(ids, "payment id")),
    )
    .describe("Ids of payments created earlier, 1 to 10, each once"),
});

export type SigningBasketRequest = z.output<typeof signingBasketRequestSchema>;
