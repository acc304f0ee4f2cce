/**
 * One attribute of a name: its type as an OID and its value, kept both as DER (when it came
 * from a certificate or from an `OID=#hex` string) and as text (when it is a string type).
 */
export interface AttributeTypeAndValue {
  readonly oid: string;
  /** The value's full DER encoding (tag, length, contents), when known. */
  readonly der?: Uint8Array;
  /** The value as Unicode text, when it is a string (decoded per its ASN.1 string type). */
  readonly text?: string;
}

/** A relative distinguished name: one attribute, or several joined with `+` (a SET). */
export type RelativeDistinguishedName = readonly AttributeTypeAndValue[];

/**
 * A distinguished name, its RDNs in ASN.1 order (least specific first, e.g. C before CN); the
 * RFC 2253 string form lists them the other way round.
 */
export interface DistinguishedName {
  readonly rdns: readonly RelativeDistinguishedName[];
  /** The Name's DER encoding, when it was read from DER (issuing copies an issuer's byte for byte). */
  readonly der?: Uint8Array;
}
