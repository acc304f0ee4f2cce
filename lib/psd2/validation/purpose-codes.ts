/**
 * The purpose codes a Norwegian domestic payment may carry: the spec's list, verbatim.
 * @see psd2-interface.md "Norwegian domestic credit transfer request"
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

/** Whether a string is one of the spec's purpose codes. @see psd2-interface.md "Norwegian domestic credit transfer request" */
export function isPurposeCode(value: string): value is PurposeCode {
  return PURPOSE_SET.has(value);
}
