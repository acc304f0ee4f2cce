/**
 * Wraps a value as one RFC 2047 encoded-word in UTF-8 and Base64: `=?utf-8?B?<Base64>?=`. One
 * word however long (as the vectors and the interface show it; HTTP has no 75-character limit).
 * @see docs/interface/request-signing.md#non-ascii-values
 * @see RFC 2047 §2 and §4.1
 */
export function encodeRfc2047(value: string): string {
  return `=?utf-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;
}
