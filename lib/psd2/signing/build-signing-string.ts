import { SigningError } from "./signing-error";

/** The request line parts `(request-target)` is made of. */
export interface RequestTarget {
  readonly method: string;
  /** Path and query exactly as sent, e.g. `/v1/payments/sepa-credit-transfers?dryRun=false`. */
  readonly path: string;
}

/** The pseudo-header naming the request line. @see draft-cavage-http-signatures-10 §2.3 */
export const REQUEST_TARGET = "(request-target)";

const OWS_AROUND = /^[ \t]+|[ \t]+$/g;

/**
 * The signing string: one line `<name>: <value trimmed>` per name in the given order, joined by
 * `\n` with no trailing newline; `(request-target)` is the lower-case method, a space and the
 * path with query. `lookup` returns a header's value by lower-case name.
 * @see docs/interface/request-signing.md#signing-string
 * @see draft-cavage-http-signatures-10 §2.3
 */
export function buildSigningString(
  names: readonly string[],
  lookup: (name: string) => string | undefined,
  requestTarget?: RequestTarget,
): string {
  let out = "";
  for (let i = 0; i < names.length; i++) {
    const name = names[i] ?? "";
    let value: string | undefined;
    if (name === REQUEST_TARGET) {
      if (requestTarget === undefined) {
        throw new SigningError("HEADER_MISSING", "(request-target) is listed but no method and path were given");
      }
      value = `${requestTarget.method.toLowerCase()} ${requestTarget.path}`;
    } else {
      value = lookup(name);
      if (value === undefined) {
        throw new SigningError("HEADER_MISSING", `header '${name}' is listed for signing but absent from the message`);
      }
      value = value.replace(OWS_AROUND, "");
    }
    out += i === 0 ? `${name}: ${value}` : `\n${name}: ${value}`;
  }
  return out;
}
