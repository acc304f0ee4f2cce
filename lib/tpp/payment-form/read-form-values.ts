// Reading the form's values: what a browser posts (Conform's parse of FormData gives nested objects
// of strings, arrays where a name repeats) or what a test writes. Whatever the shape, a value that
// is not there, not a string or only blanks is absent.
import { normalizeIban } from "../../psd2/validation";
import { normalizeTypedAmount } from "../forms/typed-amount";

export type FormPath = readonly (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a path of nested objects and arrays. */
export function valueAt(values: unknown, path: FormPath): unknown {
  let at = values;
  for (const segment of path) {
    if (typeof segment === "number") at = Array.isArray(at) ? at[segment] : undefined;
    else at = isRecord(at) ? at[segment] : undefined;
  }
  return at;
}

/** The text at a path, trimmed; undefined when absent or blank (a repeated name gives its first value). */
export function textAt(values: unknown, path: FormPath): string | undefined {
  const value = valueAt(values, path);
  const first = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
  if (typeof first !== "string") return undefined;
  const trimmed = first.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The texts at a path: a repeated name (checkboxes) as an array, one value as a one-element array. */
export function textsAt(values: unknown, path: FormPath): string[] {
  const value = valueAt(values, path);
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === "string" && item.trim() !== "").map((item) => item.trim());
}

/** The rows at a path (a bulk's payments): an array, or one object as a one-row list. */
export function rowsAt(values: unknown, path: FormPath): unknown[] {
  const value = valueAt(values, path);
  if (Array.isArray(value)) return value;
  return value === undefined ? [] : [value];
}

/** Whether a checkbox at a path is ticked ("on", its default value, or "true"). */
export function isChecked(values: unknown, path: FormPath): boolean {
  const value = textAt(values, path);
  return value === "on" || value === "true";
}

const BLANKS = /[\s\u00a0\u202f]+/g;

/** An amount as people type it: "1 250,50" or "1.250,50" → "1250.50" (lib/tpp/forms/typed-amount.ts). */
export const normalizeAmount = normalizeTypedAmount;

/** A Norwegian account number as people write it: "8601.11.17947" or "8601 11 17947" → "86011117947". */
export function normalizeBban(input: string): string {
  return input.replace(/[\s.\u00a0\u202f]+/g, "");
}

/** An IBAN in electronic format: spaces gone, upper case. */
export function normalizeIbanInput(input: string): string {
  return normalizeIban(input);
}

/** A BIC: spaces gone, upper case. */
export function normalizeBic(input: string): string {
  return input.replace(BLANKS, "").toUpperCase();
}

/** Digits typed in groups (KID, national identity number): the blanks gone. */
export function normalizeDigits(input: string): string {
  return input.replace(BLANKS, "");
}
