import "server-only";
import { z } from "zod";
import { TppError } from "../errors";

// The payments' and the baskets' repositories check their inputs once more with these: a wrong
// value is refused with its name rather than by a database constraint.

/** A zod enum whose error names the value and the set. */
export function closedSet<T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, { error: (issue) => `${JSON.stringify(issue.input)} is not ${what} (one of ${values.join(", ")})` });
}

/** Parses with a schema; a failure is INPUT_INVALID naming each field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length === 0 ? issue.message : `${issue.path.join(".")}: ${issue.message}`,
  );
  throw new TppError("INPUT_INVALID", `${what}: ${problems.join("; ")}`);
}

/** INPUT_INVALID naming the wanted ids that were not found among the user's payments. */
export function checkAllFound(wanted: readonly string[], found: readonly string[], what: string): void {
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length > 0)
    throw new TppError(
      "INPUT_INVALID",
      `${what}: ${missing.join(", ")} ${missing.length === 1 ? "is not a payment" : "are not payments"} of this user`,
    );
}
