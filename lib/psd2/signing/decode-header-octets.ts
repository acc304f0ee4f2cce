const NON_ASCII = /[\u0080-\uffff]/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Turns a header value as Node's http layer gives it (each octet as one latin1 character) back
 * into the Unicode string the TPP signed, reading the octets as UTF-8; a value that is not valid
 * UTF-8 is returned unchanged (it was latin1 on the wire). verifyRequest expects Unicode strings.
 * @see docs/interface/request-signing.md#non-ascii-values
 */
export function decodeHeaderOctets(value: string): string {
  if (!NON_ASCII.test(value)) return value;
  try {
    return strictUtf8.decode(Buffer.from(value, "latin1"));
  } catch {
    return value;
  }
}

/**
 * The reverse, for the sending side: a Unicode header value as a string of latin1 characters, one
 * per UTF-8 octet, which Node's http/undici put on the wire unchanged.
 * @see docs/interface/request-signing.md#non-ascii-values
 */
export function encodeHeaderOctets(value: string): string {
  if (!NON_ASCII.test(value)) return value;
  return Buffer.from(value, "utf8").toString("latin1");
}
