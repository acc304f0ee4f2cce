import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { text } from "./zod-checks";

/**
 * An account reference in a reply (the account of a balance or transaction listing, a
 * transaction's creditor or debtor account): any of bban, iban, maskedPan, other, with the spec's
 * length limits; unknown fields kept.
 *
 * @see supplement.md §3; psd2-interface.md "Limits"
 */
export const reportedAccountReferenceSchema = z.looseObject({
  bban: text(FIELD_LIMITS.bban).optional(),
  iban: text(FIELD_LIMITS.iban).optional(),
  maskedPan: z.string().optional(),
  currency: z.string().optional(),
  other: z.looseObject({}).optional(),
});

export type ReportedAccountReference = z.output<typeof reportedAccountReferenceSchema>;
