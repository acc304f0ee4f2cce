import type { z } from "zod";
import type { Psd2ErrorCode } from "../errors/error-codes";
import { countCharacters } from "../validation/count-characters";
import { FIELD_LIMITS } from "../validation/field-limits";
import { formatJsonPath, type JsonPath } from "../validation/json-path";
import type { Violation, ViolationCode } from "../validation/violation";

/** A tppMessage made by this library: its code is always one of the interface's. @see docs/interface/conventions.md#shared-types, tppMessage */
export interface ValidationTppMessage {
  readonly category: "ERROR" | "WARNING";
  readonly code: Psd2ErrorCode;
  /** the field, written as in {@link JsonPath}; absent when the whole body is meant */
  readonly path?: string;
  /** what is wrong and where, in English, at most 512 characters */
  readonly text: string;
}

const TEXT_LIMIT = FIELD_LIMITS.tppMessageText.max;

/** The text cut to at most `limit` code points, the cut marked with "…". */
function truncate(text: string, limit: number): string {
  if (countCharacters(text) <= limit) return text;
  return `${Array.from(text)
    .slice(0, limit - 1)
    .join("")}…`;
}

/**
 * The tppMessage for a violation at a path: `text` is the field's path (or `subject` for the
 * root) followed by the reason, cut to 512 characters; `path` is cut likewise.
 *
 * @see docs/interface/errors.md#statuses-by-code
 */
export function createTppMessage(
  path: JsonPath,
  violation: Violation,
  options: { readonly category?: "ERROR" | "WARNING"; readonly subject?: string } = {},
): ValidationTppMessage {
  const written = formatJsonPath(path);
  const text = truncate(`${written === "" ? (options.subject ?? "the request body") : written} ${violation.reason}`, TEXT_LIMIT);
  const message = { category: options.category ?? "ERROR", code: violation.code, text };
  return written === "" ? message : { ...message, path: truncate(written, TEXT_LIMIT) };
}

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "a JSON object",
  array: "an array",
  record: "a JSON object",
};

const FORMATS: Record<string, string> = { uuid: "a UUID (RFC 4122)", email: "an e-mail address" };

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "a JSON object";
  if (typeof value === "boolean") return value ? "true" : "false";
  return `a ${typeof value}`;
}

function listValues(values: readonly unknown[]): string {
  const written = values.map((value) => (typeof value === "string" ? value : JSON.stringify(value)));
  return written.length === 1 ? `must be ${written[0]}` : `must be one of ${written.join(", ")}`;
}

/** A FORMAT_ERROR (or the rule's own code) and reason for one zod issue. */
function explain(issue: z.core.$ZodIssue): Violation {
  switch (issue.code) {
    case "custom": {
      const code: unknown = issue.params?.psd2Code;
      return { code: isViolationCode(code) ? code : "FORMAT_ERROR", reason: issue.message };
    }
    case "invalid_type":
      return {
        code: "FORMAT_ERROR",
        reason:
          issue.input === undefined
            ? "is required"
            : `must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${describeValue(issue.input)}`,
      };
    case "invalid_value":
      // a missing enum or literal field comes as invalid_value, not invalid_type
      return { code: "FORMAT_ERROR", reason: issue.input === undefined ? "is required" : listValues(issue.values) };
    case "invalid_format":
      if (issue.format === "regex") return { code: "FORMAT_ERROR", reason: issue.message };
      return { code: "FORMAT_ERROR", reason: `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}` };
    case "invalid_union":
      return { code: "FORMAT_ERROR", reason: "matches none of the allowed forms" };
    default:
      return { code: "FORMAT_ERROR", reason: `is invalid: ${issue.message}` };
  }
}

function isViolationCode(value: unknown): value is ViolationCode {
  return value === "FORMAT_ERROR" || value === "KID_INVALID" || value === "EXECUTION_DATE_INVALID";
}

function toJsonPath(path: readonly PropertyKey[]): JsonPath {
  return path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment));
}

/**
 * The tppMessages for a failed parse: one per issue, one per unknown key; the code is the rule's
 * (KID_INVALID, EXECUTION_DATE_INVALID) or FORMAT_ERROR. `subject` names the root in texts.
 * The issues must come from a parse with `reportInput: true` (as parseRequestBody's do): a
 * missing field is told from a wrong one by the input.
 *
 * @see docs/interface/errors.md#statuses-by-code
 */
export function toTppMessages(issues: readonly z.core.$ZodIssue[], subject = "the request body"): ValidationTppMessage[] {
  return issues.flatMap((issue) => {
    const path = toJsonPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) =>
        createTppMessage(
          [...path, key],
          { code: "FORMAT_ERROR", reason: "is not a known field; unknown fields are rejected" },
          { subject },
        ),
      );
    }
    return [createTppMessage(path, explain(issue), { subject })];
  });
}
