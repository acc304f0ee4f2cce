import { cutForMessage } from "./quote-for-message";
import { formatError, type Violation } from "./violation";

/**
 * The published x-accept-fix values. All four are the default today, so each is accepted and has
 * no further effect.
 *
 * @see docs/interface/versioning.md#versioning; docs/interface/header-parameters.md#x-accept-fix
 */
export const ACCEPT_FIX_VALUES = [
  "amount-as-string",
  "cardaccount-switch-originalamount-and-transactionamount",
  "longer-names",
  "cash-account-type-iso",
] as const;

const ACCEPT_FIX_SET: ReadonlySet<string> = new Set(ACCEPT_FIX_VALUES);

/**
 * Whether an x-accept-fix header value is a comma-separated list of published fixes (spaces
 * around commas allowed). An unknown or empty value is a FORMAT_ERROR; whether the header is
 * present at all (HTTP_HEADER_REQUIRED) is the caller's question.
 *
 * @see docs/interface/header-parameters.md#x-accept-fix
 */
export function validateAcceptFix(headerValue: string): Violation | undefined {
  const values = headerValue.split(",").map((value) => value.trim());
  if (values.some((value) => value === "")) return formatError("has an empty value; values are separated by single commas");
  const unknown = values.filter((value) => !ACCEPT_FIX_SET.has(value));
  if (unknown.length > 0) {
    const named =
      unknown
        .slice(0, 3)
        .map((value) => JSON.stringify(cutForMessage(value)))
        .join(", ") + (unknown.length > 3 ? ` and ${unknown.length - 3} more` : "");
    return formatError(`has the unknown value ${named}; known values are ${ACCEPT_FIX_VALUES.join(", ")}`);
  }
  return undefined;
}
