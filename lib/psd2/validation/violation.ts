import type { Psd2ErrorCode } from "../errors/error-codes";
import type { JsonPath } from "./json-path";

/**
 * The codes a validation rule answers with. Every other code needs bank state or the request's
 * context (KID_MISSING needs the creditor account's "KID required" flag: the bank decides it).
 */
export type ViolationCode = Extract<Psd2ErrorCode, "FORMAT_ERROR" | "KID_INVALID" | "EXECUTION_DATE_INVALID">;

/**
 * A broken rule: its code and what is wrong. `reason` is written to follow the field's name, so
 * that `${field} ${reason}` is the message: "is 71 characters long; at most 70 are allowed".
 */
export interface Violation {
  readonly code: ViolationCode;
  readonly reason: string;
}

/** A broken rule at a path relative to the value the rule was given. */
export interface FieldViolation extends Violation {
  readonly path: JsonPath;
}

/** A FORMAT_ERROR violation with the given reason. @see docs/interface/errors.md#statuses-by-code */
export function formatError(reason: string): Violation {
  return { code: "FORMAT_ERROR", reason };
}
