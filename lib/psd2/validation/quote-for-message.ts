import { FIELD_LIMITS } from "./field-limits";

/**
 * A value a message echoes, in single quotes: cut to `max` characters (with "…" and the length
 * of the whole), so that an echoed header or field cannot make a message longer than a
 * tppMessage may be. Control characters are shown as `\uXXXX`.
 *
 * @see docs/interface/limits.md#limits-in-the-spec (tppMessage text at most 512 characters)
 */
export function quoteForMessage(value: string, max = 40): string {
  const length = Array.from(value).length;
  return length > max ? `'${cutForMessage(value, max)}' (${length} characters)` : `'${cutForMessage(value, max)}'`;
}

/** A value a message echoes without quotes: cut to `max` characters with "…", control characters as `\uXXXX`. */
export function cutForMessage(value: string, max = 40): string {
  const characters = Array.from(value);
  const shown = characters.length > max ? `${characters.slice(0, max).join("")}…` : value;
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped here
  return shown.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A tppMessage text or psuMessage as the reply may carry it: at most `max` characters (512), cut
 * with "…" when longer. Messages cut their echoed values themselves (quoteForMessage); this is
 * the guarantee for the rest.
 *
 * @see docs/interface/limits.md#limits-in-the-spec, docs/interface/errors.md#error-codes
 */
export function clampMessageText(text: string, max: number = FIELD_LIMITS.tppMessageText.max): string {
  if (text.length <= max) return text;
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("")}…`;
}
