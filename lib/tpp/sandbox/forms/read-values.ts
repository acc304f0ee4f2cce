// Reading a posted form's values (Conform's parse of FormData: nested objects of strings, arrays
// where a name repeats). A value that is absent, not a string or only blanks is absent.

import { normalizeTypedAmount } from "../../forms/typed-amount";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a dotted field name ("balance.amount"). */
function valueAt(values: unknown, field: string): unknown {
  let at = values;
  for (const segment of field.split(".")) at = isRecord(at) ? at[segment] : undefined;
  return at;
}

/** The text of a field, trimmed; undefined when absent or blank. */
export function textOf(values: unknown, field: string): string | undefined {
  const value = valueAt(values, field);
  const first = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
  if (typeof first !== "string") return undefined;
  const trimmed = first.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The texts of a field that takes several values (checkboxes). */
export function textsOf(values: unknown, field: string): string[] {
  const value = valueAt(values, field);
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === "string" && item.trim() !== "").map((item) => item.trim());
}

/** Whether a checkbox is ticked ("on", its default value, or "true"). */
export function isTicked(values: unknown, field: string): boolean {
  const value = textOf(values, field);
  return value === "on" || value === "true";
}

const BLANKS = /[\s\u00a0\u202f]+/g;

/** An amount as people type it: "-1 250,50" or "−1.250,50" → "-1250.50" (lib/tpp/forms/typed-amount.ts). */
export const normalizeAmount = normalizeTypedAmount;

/** Digits typed in groups (a national identity number, an organisation number, a BBAN): blanks and dots gone. */
export function normalizeDigits(input: string): string {
  return input.replace(/[\s.\u00a0\u202f]+/g, "");
}

/** An account as typed: an IBAN (two letters first) in electronic form, else a BBAN's digits. */
export function partyAccountOf(input: string): { iban: string } | { bban: string } {
  const compact = input.replace(BLANKS, "");
  return /^[A-Za-z]{2}/.test(compact) ? { iban: compact.toUpperCase() } : { bban: normalizeDigits(compact) };
}
