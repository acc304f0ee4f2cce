import type { z } from "zod";
import { findUnprocessableCharacters } from "../validation/find-unprocessable-characters";
import type { FieldViolation } from "../validation/violation";
import { createTppMessage, toTppMessages, type ValidationTppMessage } from "./to-tpp-messages";

/**
 * The outcome of parsing a request body: the typed value and any WARNING tppMessages, or the
 * ERROR tppMessages that the bank answers with (400; every code here is a 400 one).
 */
export type ParseResult<T> =
  | { readonly ok: true; readonly value: T; readonly tppMessages: readonly ValidationTppMessage[] }
  | { readonly ok: false; readonly tppMessages: readonly ValidationTppMessage[] };

/**
 * Parses a request body with a schema and lists everything wrong at once: characters that cannot
 * be processed downstream (anywhere, keys included), the schema's issues, then `extra` violations
 * of rules the schema cannot know (those that need the request's context, such as today's date).
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code, docs/interface/limits.md#what-the-sandbox-enforces
 */
export function parseRequestBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  extra: readonly FieldViolation[] = [],
): ParseResult<z.output<S>> {
  const messages = findUnprocessableCharacters(body).map((violation) => createTppMessage(violation.path, violation));
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) messages.push(...toTppMessages(result.error.issues));
  messages.push(...extra.map((violation) => createTppMessage(violation.path, violation)));
  if (result.success && messages.length === 0) return { ok: true, value: result.data, tppMessages: [] };
  return { ok: false, tppMessages: messages };
}
