import type { z } from "zod";
import { isRecord } from "../validation/is-record";
import { toTppMessages } from "./to-tpp-messages";

/** The outcome of parsing a bank's reply: the typed value, or what is wrong with it, one text per problem. */
export type ResponseParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * A copy of a JSON value without object members whose value is null: in a reply, a null member
 * means the same as an absent one (some banks serialise absent optional fields as null).
 */
function dropNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNullMembers);
  if (!isRecord(value)) return value;
  // fromEntries defines own members, so that a "__proto__" key stays a plain member.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, dropNullMembers(member)]),
  );
}

/**
 * Parses a bank's reply with a response schema. Response schemas let unknown fields pass (banks
 * add fields); members that are null count as absent. Problems are worded like tppMessage texts,
 * with "the response body" as the root.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/accounts.md#accounts-balances-transactions
 */
export function parseResponseBody<S extends z.ZodType>(schema: S, body: unknown): ResponseParseResult<z.output<S>> {
  const result = schema.safeParse(dropNullMembers(body), { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: toTppMessages(result.error.issues, "the response body").map((message) => message.text) };
}
