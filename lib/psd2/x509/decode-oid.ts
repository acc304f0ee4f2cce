import { byteAt, DER_TAG, type DerElement, expectDerTag } from "./read-der-element";
import { X509Error } from "./x509-error";

const DOTTED_OID = /^[0-2](\.(0|[1-9][0-9]*))+$/;

/**
 * Decodes the contents of an OBJECT IDENTIFIER into dotted-decimal form ("2.5.4.97"); errors
 * name `field`.
 * @see ITU-T X.690 §8.19
 */
export function decodeOid(bytes: Uint8Array, start: number, end: number, field = `OBJECT IDENTIFIER at offset ${start}`): string {
  if (end <= start) throw new X509Error("DER_SYNTAX", `${field}: empty object identifier`);
  const arcs: bigint[] = [];
  let value = 0n;
  let inArc = false;
  for (let i = start; i < end; i++) {
    const b = byteAt(bytes, i);
    if (!inArc && b === 0x80) {
      throw new X509Error("DER_SYNTAX", `${field}: object identifier not in minimal form (an arc starts with 0x80)`);
    }
    value = (value << 7n) | BigInt(b & 0x7f);
    inArc = (b & 0x80) !== 0;
    if (!inArc) {
      arcs.push(value);
      value = 0n;
    }
  }
  if (inArc) throw new X509Error("DER_SYNTAX", `${field}: truncated object identifier (it ends inside an arc)`);
  const [first = 0n, ...rest] = arcs;
  const head = first < 40n ? [0n, first] : first < 80n ? [1n, first - 40n] : [2n, first - 80n];
  return [...head, ...rest].join(".");
}

/** The OBJECT IDENTIFIER `element` holds, checking its tag; errors name `field`. @see ITU-T X.690 §8.19 */
export function readDerOid(bytes: Uint8Array, element: DerElement | undefined, field: string): string {
  const oid = expectDerTag(element, DER_TAG.OBJECT_IDENTIFIER, field);
  return decodeOid(bytes, oid.contentStart, oid.end, field);
}

/** Whether a string is a dotted-decimal OID such as "2.5.4.97". @see RFC 4512 §1.4 (numericoid) */
export function isDottedOid(value: string): boolean {
  return DOTTED_OID.test(value);
}
