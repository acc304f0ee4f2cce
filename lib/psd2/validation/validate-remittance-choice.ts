import type { FieldViolation } from "./violation";

/** The remittance fields of a payment, whatever their contents. */
export interface RemittanceFields {
  readonly remittanceInformationUnstructured?: unknown;
  readonly remittanceInformationStructured?: unknown;
  readonly remittanceInformationStructuredArray?: unknown;
}

/**
 * Whether a payment carries at most one kind of remittance: unstructured text or structured
 * references, never both; and the deprecated single `remittanceInformationStructured` not
 * together with the array that replaces it. The violation names the structured field.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer (Rule); docs/interface/payments.md#payments-in-the-sandbox
 */
export function validateRemittanceChoice(payment: RemittanceFields): FieldViolation[] {
  const hasText = payment.remittanceInformationUnstructured !== undefined;
  const violations: FieldViolation[] = [];
  if (payment.remittanceInformationStructured !== undefined && payment.remittanceInformationStructuredArray !== undefined) {
    violations.push({
      code: "FORMAT_ERROR",
      path: ["remittanceInformationStructured"],
      reason:
        "must not be sent together with remittanceInformationStructuredArray; send only the array (remittanceInformationStructured is deprecated)",
    });
  }
  for (const field of ["remittanceInformationStructured", "remittanceInformationStructuredArray"] as const) {
    if (hasText && payment[field] !== undefined) {
      violations.push({
        code: "FORMAT_ERROR",
        path: [field],
        reason:
          "must not be sent together with remittanceInformationUnstructured; a payment carries either unstructured or structured remittance",
      });
    }
  }
  return violations;
}
