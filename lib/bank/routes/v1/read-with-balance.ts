import { z } from "zod";
import { BankError } from "../../errors";

const querySchema = z.object({ withBalance: z.unknown().optional() }).loose();

/** The withBalance query parameter: true or false (default false); anything else is FORMAT_ERROR. @see supplement.md §2 */
export function readWithBalance(query: unknown): boolean {
  const parsed = querySchema.safeParse(query ?? {});
  const value = parsed.success ? parsed.data.withBalance : undefined;
  if (value === undefined) return false;
  if (value === "true" || value === "false") return value === "true";
  throw new BankError("FORMAT_ERROR", "The query parameter withBalance must be true or false (given once)", { path: "withBalance" });
}
