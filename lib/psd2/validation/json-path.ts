/**
 * A location inside a JSON value: object keys and array indexes from the root.
 *
 * The written form, used in tppMessage `path` and in message texts, is JavaScript-like:
 * `creditorAccount.bban`, `remittanceInformationStructuredArray[0].reference`, `payments[2].instructedAmount.amount`.
 * A key that is not a plain name (letters, digits, `_`, `$`, `-`, not starting with a digit) is
 * written as a quoted JSON string in brackets: `["a.b"]`. The root is the empty string.
 */
export type JsonPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** The written form of a path (see {@link JsonPath}). @see docs/interface/errors.md#statuses-by-code */
export function formatJsonPath(path: JsonPath): string {
  let written = "";
  for (const segment of path) {
    if (typeof segment === "number") written += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) written += written === "" ? segment : `.${segment}`;
    else written += `[${JSON.stringify(segment)}]`;
  }
  return written;
}
