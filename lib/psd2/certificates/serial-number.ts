/**
 * Certificate serial numbers.
 *
 * Random serials are 16 octets from the CSPRNG with the top bit cleared (a DER INTEGER is signed:
 * a set top bit would make it negative, which RFC 5280 forbids) and the next bit set (so the
 * first octet is never zero and the INTEGER is always exactly 16 octets in minimal DER): 126
 * random bits, far above the 64 that CA/Browser Forum rules ask for. A serial given by the caller
 * (hex) is normalised to minimal positive DER: leading zero octets dropped, one 0x00 added when
 * the top bit is set; at most 20 octets, not zero.
 *
 * @see RFC 5280 §4.1.2.2
 */
import { randomBytes } from "node:crypto";
import { CertificateError } from "./certificate-error";

/** A random 16-octet positive serial, as DER INTEGER contents. @see RFC 5280 §4.1.2.2 */
export function randomSerialNumber(random: (size: number) => Uint8Array = randomBytes): Uint8Array {
  const octets = new Uint8Array(random(16));
  if (octets.length !== 16) throw new CertificateError("OPTIONS_INVALID", "random source gave a wrong length");
  octets[0] = ((octets[0] ?? 0) & 0x7f) | 0x40;
  return octets;
}

/** DER INTEGER contents for a serial given in hex (e.g. "0A3F5C7E91B2D4C6E8F1"). @see RFC 5280 §4.1.2.2 */
export function serialNumberFromHex(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/i, "").replace(/:/g, "");
  if (!/^[0-9A-Fa-f]+$/.test(digits)) {
    throw new CertificateError("OPTIONS_INVALID", `serialNumber "${hex}" is not hexadecimal`);
  }
  const trimmed = digits.replace(/^0+/, "");
  if (trimmed.length === 0) throw new CertificateError("OPTIONS_INVALID", "serialNumber must not be zero");
  let octets = Buffer.from(trimmed.length % 2 === 1 ? `0${trimmed}` : trimmed, "hex");
  if ((octets[0] ?? 0) & 0x80) octets = Buffer.concat([Buffer.from([0]), octets]);
  if (octets.length > 20) {
    throw new CertificateError("OPTIONS_INVALID", `serialNumber "${hex}" is longer than 20 octets (RFC 5280 §4.1.2.2)`);
  }
  return new Uint8Array(octets);
}
