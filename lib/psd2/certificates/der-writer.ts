/**
 * Typed builders over node-forge's ASN.1 encoder, for writing certificates.
 *
 * forge represents octets as binary strings; these helpers take and give Uint8Array so that the
 * rest of the module never handles forge's loosely typed values.
 *
 * @see ITU-T X.690 (DER)
 */
import forge from "node-forge";

export type Asn1 = forge.asn1.Asn1;

const { Class, Type } = forge.asn1;

function binary(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("binary");
}

export function sequence(children: Asn1[]): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, children);
}

export function set(children: Asn1[]): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.SET, true, children);
}

export function oid(value: string): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.OID, false, forge.asn1.oidToDer(value).getBytes());
}

export function utf8String(value: string): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.UTF8, false, forge.util.encodeUtf8(value));
}

export function printableString(value: string): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.PRINTABLESTRING, false, value);
}

export function boolean(value: boolean): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.BOOLEAN, false, value ? "\xff" : "\x00");
}

export function nullValue(): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.NULL, false, "");
}

/** An INTEGER from its DER contents octets (the caller keeps them minimal and positive). */
export function integerFromContents(contents: Uint8Array): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.INTEGER, false, binary(contents));
}

export function smallInteger(value: number): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.INTEGER, false, forge.asn1.integerToDer(value).getBytes());
}

export function octetString(contents: Uint8Array): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, binary(contents));
}

/** A BIT STRING with `unusedBits` unused bits in its last octet. */
export function bitString(contents: Uint8Array, unusedBits = 0): Asn1 {
  return forge.asn1.create(Class.UNIVERSAL, Type.BITSTRING, false, String.fromCharCode(unusedBits) + binary(contents));
}

// Context-specific tag numbers as forge's Type members (forge keys tags by number).
const contextTypes = { 0: Type.NONE, 1: Type.BOOLEAN, 2: Type.INTEGER, 3: Type.BITSTRING, 7: Type.ODESC } as const;

/** `[n] EXPLICIT` around one element. */
export function explicit(tagNumber: 0 | 1 | 2 | 3, child: Asn1): Asn1 {
  return forge.asn1.create(Class.CONTEXT_SPECIFIC, contextTypes[tagNumber], true, [child]);
}

/** `[n] IMPLICIT` primitive octets. */
export function implicitPrimitive(tagNumber: keyof typeof contextTypes, contents: Uint8Array): Asn1 {
  return forge.asn1.create(Class.CONTEXT_SPECIFIC, contextTypes[tagNumber], false, binary(contents));
}

/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5); whole seconds. */
export function time(date: Date): Asn1 {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, "");
  const year = date.getUTCFullYear();
  if (year >= 1950 && year < 2050) {
    return forge.asn1.create(Class.UNIVERSAL, Type.UTCTIME, false, `${digits.slice(2)}Z`);
  }
  return forge.asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, `${digits}Z`);
}

/** An element from existing DER, kept as it is (e.g. the issuer's Name, a public key). */
export function fromDer(der: Uint8Array): Asn1 {
  return forge.asn1.fromDer(binary(der), true);
}

export function toDer(element: Asn1): Uint8Array {
  return new Uint8Array(Buffer.from(forge.asn1.toDer(element).getBytes(), "binary"));
}
