import type { FieldViolation } from "./violation";

/**
 * One FORMAT_ERROR for each item that repeats an earlier one, at the repeated item's index.
 * @see docs/interface/endpoints.md#success-statuses (monthsOfExecution), docs/interface/signing-baskets.md#rules-in-the-sandbox (paymentIds)
 */
export function validateUniqueItems(items: readonly string[], noun: string): FieldViolation[] {
  const seen = new Map<string, number>();
  const violations: FieldViolation[] = [];
  items.forEach((item, index) => {
    const first = seen.get(item);
    if (first === undefined) seen.set(item, index);
    else
      violations.push({
        code: "FORMAT_ERROR",
        path: [index],
        reason: `repeats the ${noun} at index ${first} (${JSON.stringify(item)}); each ${noun} may appear once`,
      });
  });
  return violations;
}
