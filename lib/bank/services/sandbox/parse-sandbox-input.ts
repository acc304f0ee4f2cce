import type { z } from "zod";
import { parseRequestBody } from "../../../psd2/schemas/parse-request-body";
import type { FieldViolation } from "../../../psd2/validation";
import { BankError } from "../../errors";

/**
 * Validates a request body that no /v1 route's schema checked (the portal's certificate form;
 * the /v1 sandbox operations get theirs parsed by their routes) and returns the typed value, or
 * throws a BankError listing everything wrong: the first message leads (its code, field path and
 * text), the others follow in `more`. Characters outside the Basic Multilingual Plane are refused
 * anywhere in the input, as on every request (supplement §1).
 *
 * @see supplement.md §1, §4
 */
export function parseSandboxInput<S extends z.ZodType>(schema: S, input: unknown, extra: readonly FieldViolation[] = []): z.output<S> {
  const result = parseRequestBody(schema, input, extra);
  if (result.ok) return result.value;
  throw BankError.fromMessages(result.tppMessages);
}
