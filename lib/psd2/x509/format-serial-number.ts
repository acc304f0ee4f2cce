const HEX_SERIAL = /^[0-9A-Fa-f]+$/;
const LEADING_ZEROS = /^0+(?=.)/;

/**
 * The canonical keyId form of a certificate serial: upper-case hex without leading zeros
 * (serial 0x0A3F... is "A3F..."), from the INTEGER's content octets, read as unsigned.
 * @see docs/interface/request-signing.md#signature-header
 */
export function formatSerialNumber(content: Uint8Array): string {
  const hex = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("hex");
  return hex.replace(LEADING_ZEROS, "").toUpperCase() || "0";
}

/** A hexadecimal serial in any case, leading zeros allowed, as a number; undefined if not hex. @see docs/interface/request-signing.md#signature-header */
export function parseSerialNumber(text: string): bigint | undefined {
  return HEX_SERIAL.test(text) ? BigInt(`0x${text}`) : undefined;
}
