/**
 * The purpose codes a Norwegian domestic payment may carry: the spec's list, verbatim.
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer
 */
export const PURPOSE_CODES = [
  "INVS",
  "SALA",
  "IDCP",
  "CASH",
  "CORT",
  "INTC",
  "PENS",
  "SSBE",
  "SUPP",
  "TAXS",
  "TREA",
  "VATX",
  "LOAN",
  "OTHR",
] as const;

export type PurposeCode = (typeof PURPOSE_CODES)[number];

const PURPOSE_SET: ReadonlySet<string> = new Set(PURPOSE_CODES);

/** Whether a string is one of the spec's purpose codes. @see docs/interface/payments.md#norwegian-domestic-credit-transfer */
export function isPurposeCode(value: string): value is PurposeCode {
  return PURPOSE_SET.has(value);
}
