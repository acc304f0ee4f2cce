import { z } from "zod";
import { checkKid, isKidReferenceType } from "../validation/check-kid";
import { FIELD_LIMITS } from "../validation/field-limits";
import { validateItemCount } from "../validation/validate-item-count";
import { validateLength } from "../validation/validate-length";
import { addViolation, checkWith, text } from "./zod-checks";

/**
 * A remittance reference item in a request. When referenceType is KID or OCR (any case) the
 * reference must be a valid KID (KID_INVALID otherwise); that rule (2 to 25 digits) replaces the
 * general 1 to 35 characters, so that one field gets one message with the more specific code.
 *
 * @see docs/interface/conventions.md#remittance-reference-item; docs/interface/payments.md#payments-in-the-sandbox
 */
export const remittanceReferenceSchema = z
  .strictObject({
    reference: z
      .string()
      .describe("The reference; with referenceType KID or OCR a KID: 2-25 digits with a valid MOD10 or MOD11 check digit"),
    referenceType: text(FIELD_LIMITS.remittanceReference)
      .optional()
      .describe("The kind of reference, e.g. KID or OCR (at most 35 characters)"),
    referenceIssuer: text(FIELD_LIMITS.remittanceReference).optional().describe("Who issued the reference (at most 35 characters)"),
  })
  .check((payload) => {
    const { reference, referenceType } = payload.value;
    const violation = isKidReferenceType(referenceType) ? checkKid(reference) : validateLength(reference, FIELD_LIMITS.remittanceReference);
    if (violation) addViolation(payload, violation, ["reference"]);
  });

export type RemittanceReference = z.output<typeof remittanceReferenceSchema>;

/**
 * remittanceInformationStructuredArray: at least one item (an empty array carries nothing and
 * would still exclude the unstructured text). The spec states no maximum.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer
 */
export const remittanceReferenceArraySchema = z
  .array(remittanceReferenceSchema)
  .check(checkWith((items: readonly unknown[]) => validateItemCount(items, { min: 1 }, "reference")));

/**
 * The deprecated single remittanceInformationStructured folded into a one-element
 * remittanceInformationStructuredArray; the schemas apply it after their checks (which reject the
 * two together), and the parse functions add the WARNING.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox; docs/interface/versioning.md#versioning
 */
export function foldDeprecatedRemittance<
  T extends { remittanceInformationStructured?: RemittanceReference; remittanceInformationStructuredArray?: RemittanceReference[] },
>(payment: T): Omit<T, "remittanceInformationStructured"> {
  const { remittanceInformationStructured: single, ...rest } = payment;
  return single === undefined ? rest : { ...rest, remittanceInformationStructuredArray: [single] };
}

/** A remittance reference in a reply: reference required, the rest optional, unknown fields kept. @see docs/interface/accounts.md#accounts-balances-transactions */
export const reportedRemittanceReferenceSchema = z.looseObject({
  reference: z.string().describe("The reference; with referenceType KID or OCR a KID: 2-25 digits with a valid MOD10 or MOD11 check digit"),
  referenceType: z.string().optional().describe("The kind of reference, e.g. KID or OCR (at most 35 characters)"),
  referenceIssuer: z.string().optional().describe("Who issued the reference (at most 35 characters)"),
});
