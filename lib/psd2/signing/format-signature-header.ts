import { SigningError } from "./signing-error";

/** The four parts of a Signature header. */
export interface SignatureHeaderParts {
  readonly keyId: string;
  readonly algorithm: string;
  /** Lower-case names in signing-string order, as a list or already space-separated. */
  readonly headers: readonly string[] | string;
  /** Base64 of the signature. */
  readonly signature: string;
}

/** Whether a value can stand between quotes and be read back unchanged by parseSignatureHeader. */
function isQuotable(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"' || c === "\r" || c === "\n") return false;
    if (c === "\\") {
      if (i + 1 >= value.length) return false;
      i++;
    }
  }
  return true;
}

/**
 * `keyId="...",algorithm="...",headers="...",signature="..."`, no spaces after the commas; values
 * are written as they are (an RFC 2253 keyId already escapes `"` and `\`).
 * @see docs/interface/request-signing.md#signature-header
 * @see docs/interface/authentication.md#authentication
 */
export function formatSignatureHeader(parts: SignatureHeaderParts): string {
  const headers = typeof parts.headers === "string" ? parts.headers : parts.headers.join(" ");
  const values: [string, string][] = [
    ["keyId", parts.keyId],
    ["algorithm", parts.algorithm],
    ["headers", headers],
    ["signature", parts.signature],
  ];
  for (const [name, value] of values) {
    if (!isQuotable(value)) {
      throw new SigningError("INVALID_INPUT", `Signature ${name} '${value}' holds an unescaped '"', a line break or a trailing backslash`);
    }
  }
  return values.map(([name, value]) => `${name}="${value}"`).join(",");
}
