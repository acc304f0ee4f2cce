// Glue between the validation rules (lib/psd2/validation) and zod: every value rule of a schema
// runs through here, so that each becomes a zod issue carrying the rule's code and reason.
import { z } from "zod";
import { FIELD_LIMITS, type LengthLimit } from "../validation/field-limits";
import type { JsonPath } from "../validation/json-path";
import { validateLength } from "../validation/validate-length";
import type { FieldViolation, Violation } from "../validation/violation";

type Payload<T> = z.core.ParsePayload<T>;

/**
 * Records a violation as a zod issue. `continue: true` lets the enclosing object's own checks run
 * (a rule across fields still sees a field that broke a value rule), so that one reply lists all
 * that is wrong. The code travels in `params.psd2Code`, the reason in `message`.
 */
export function addViolation(payload: Payload<unknown>, violation: Violation, path: JsonPath = []): void {
  payload.issues.push({
    code: "custom",
    message: violation.reason,
    input: payload.value,
    path: [...path],
    params: { psd2Code: violation.code },
    continue: true,
  });
}

/** A zod check that applies a rule to the value. */
export function checkWith<T>(rule: (value: T) => Violation | undefined): (payload: Payload<T>) => void {
  return (payload) => {
    const violation = rule(payload.value);
    if (violation) addViolation(payload, violation);
  };
}

/** A zod check that applies a rule across fields; each violation lands at its own path. */
export function checkFieldsWith<T>(rule: (value: T) => readonly FieldViolation[]): (payload: Payload<T>) => void {
  return (payload) => {
    for (const violation of rule(payload.value)) addViolation(payload, violation, violation.path);
  };
}

/** A text with a length rule in characters (by default non-empty, as every request text). */
export function text(limit: LengthLimit = FIELD_LIMITS.text) {
  return z.string().check(checkWith((value: string) => validateLength(value, limit)));
}

/** A string that must be one of a closed set of codes, typed as that set, with the rule's own message. */
export function codeString<T extends string>(isCode: (value: string) => value is T, validate: (value: string) => Violation | undefined) {
  return z.string().refine(isCode, {
    params: { psd2Code: "FORMAT_ERROR" },
    error: (issue) => (typeof issue.input === "string" ? validate(issue.input)?.reason : undefined),
  });
}
