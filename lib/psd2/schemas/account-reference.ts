import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { text } from "./zod-checks";

/**
 * An account reference in a reply (the account of a balance or transaction listing, a
 * transaction's creditor or debtor account): any of bban, iban, maskedPan, other, with the spec's
 * length limits; unknown fields kept.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions; docs/interface/limits.md#limits-in-the-spec
 */
export const reportedAccountReferenceSchema = z.looseObject({
  bban: text(FIELD_LIMITS.bban).optional().describe("Basic bank account number (a Norwegian one has 11 digits)"),
  iban: text(FIELD_LIMITS.iban).optional().describe("International bank account number (ISO 13616)"),
  maskedPan: z.string().optional().describe("The card number, masked: 6 digits, 6 stars, 4 digits"),
  currency: z.string().optional().describe("The account's currency (ISO 4217)"),
  other: z
    .looseObject({})
    .optional()
    .describe("A reference that is not a BBAN or IBAN, e.g. a card account's (identification, schemeNameProprietary)"),
});

export type ReportedAccountReference = z.output<typeof reportedAccountReferenceSchema>;
