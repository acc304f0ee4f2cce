import type { LengthLimit } from "./field-limits";
import { plural } from "./plural";
import { formatError, type Violation } from "./violation";

/**
 * Whether an array holds an allowed number of items; `noun` names one item in the message.
 * @see docs/interface/limits.md#limits-in-the-spec
 */
export function validateItemCount(items: readonly unknown[], limit: LengthLimit, noun: string): Violation | undefined {
  const count = items.length;
  if (limit.min !== undefined && count < limit.min) {
    return formatError(
      `${count === 0 ? "is empty" : `holds ${plural(count, noun)}`}; at least ${plural(limit.min, noun)} ${limit.min === 1 ? "is" : "are"} required`,
    );
  }
  if (limit.max !== undefined && count > limit.max) {
    return formatError(`holds ${plural(count, noun)}; at most ${plural(limit.max, noun)} are allowed`);
  }
  return undefined;
}
