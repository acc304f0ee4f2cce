import { countCharacters } from "./count-characters";
import type { LengthLimit } from "./field-limits";
import { plural } from "./plural";
import { formatError, type Violation } from "./violation";

/**
 * Whether a text's length in characters (code points) is within a limit.
 * @see docs/interface/limits.md#limits-in-the-spec
 */
export function validateLength(value: string, limit: LengthLimit): Violation | undefined {
  const length = countCharacters(value);
  if (limit.min !== undefined && length < limit.min) {
    const wanted = `at least ${plural(limit.min, "character")} ${limit.min === 1 ? "is" : "are"} required`;
    return formatError(length === 0 ? `is empty; ${wanted}` : `is ${plural(length, "character")} long; ${wanted}`);
  }
  if (limit.max !== undefined && length > limit.max) {
    return formatError(`is ${length} characters long; at most ${limit.max} are allowed`);
  }
  return undefined;
}
