import { SigningError } from "./signing-error";

/** The parameters of a Signature header, values as written between the quotes. */
export interface SignatureParameters {
  readonly keyId: string;
  /** Absent when the header has no algorithm parameter. */
  readonly algorithm?: string;
  /** The raw `headers` value (space-separated names); absent when the header has none. */
  readonly headers?: string;
  /** The Base64 signature, as written. */
  readonly signature: string;
  /** Every parameter, including ones this interface ignores (created, expires, ...). */
  readonly parameters: Readonly<Record<string, string>>;
}

const TOKEN_CHAR = /^[A-Za-z0-9!#$%&'*+.^_`|~-]$/;

function isTokenChar(c: string | undefined): boolean {
  return c !== undefined && TOKEN_CHAR.test(c);
}

function show(c: string | undefined): string {
  return c === undefined ? "the end" : `'${c}'`;
}

/**
 * Parses a Signature header (already RFC 2047-decoded): `name="value"` parameters separated by
 * commas with optional whitespace (RFC 7230 list; A05). Inside quotes a backslash protects the
 * next character (so `\"` does not end the value) and is KEPT, so that RFC 2253 escapes in the
 * keyId (`\,`) reach the DN parser unchanged. keyId and signature are required.
 * @see docs/interface/request-signing.md#signature-header
 * @see draft-cavage-http-signatures-10 §2.1 and §4.1; RFC 7230 §7
 */
export function parseSignatureHeader(value: string): SignatureParameters {
  const parameters: Record<string, string> = {};
  let pos = 0;
  const fail = (message: string): never => {
    throw new SigningError("SIGNATURE_HEADER_SYNTAX", `Signature header: ${message}`);
  };
  const skipWhitespace = (): void => {
    while (value[pos] === " " || value[pos] === "\t") pos++;
  };
  for (;;) {
    skipWhitespace();
    if (pos >= value.length) break;
    if (value[pos] === ",") {
      pos++; // an empty list element is allowed (RFC 7230 §7)
      continue;
    }
    const nameStart = pos;
    while (isTokenChar(value[pos])) pos++;
    const name = value.slice(nameStart, pos);
    if (name === "") fail(`expected a parameter name at position ${pos}, found ${show(value[pos])}`);
    skipWhitespace();
    if (value[pos] !== "=") fail(`expected '=' after parameter '${name}' at position ${pos}, found ${show(value[pos])}`);
    pos++;
    skipWhitespace();
    let parameterValue: string;
    if (value[pos] === '"') {
      const open = pos++;
      const start = pos;
      for (;;) {
        const c = value[pos];
        if (c === undefined) fail(`the quoted value of '${name}' opened at position ${open} is not closed`);
        if (c === '"') break;
        pos += c === "\\" ? 2 : 1;
      }
      parameterValue = value.slice(start, pos);
      pos++;
    } else {
      const start = pos;
      while (isTokenChar(value[pos])) pos++;
      parameterValue = value.slice(start, pos);
      if (parameterValue === "") fail(`expected a quoted value for '${name}' at position ${pos}, found ${show(value[pos])}`);
    }
    if (Object.hasOwn(parameters, name)) fail(`parameter '${name}' appears twice`);
    parameters[name] = parameterValue;
    skipWhitespace();
    if (pos >= value.length) break;
    if (value[pos] !== ",") {
      fail(`expected ',' after the value of '${name}' at position ${pos}, found ${show(value[pos])}`);
    }
    pos++;
  }
  const { keyId, algorithm, headers, signature } = parameters;
  if (keyId === undefined) fail("the keyId parameter is missing");
  if (signature === undefined) fail("the signature parameter is missing");
  return {
    keyId: keyId ?? "",
    signature: signature ?? "",
    ...(algorithm === undefined ? {} : { algorithm }),
    ...(headers === undefined ? {} : { headers }),
    parameters,
  };
}
