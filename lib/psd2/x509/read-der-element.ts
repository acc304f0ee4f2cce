import { X509Error } from "./x509-error";

/** One DER element: its tag and where its header and contents lie in the buffer. */
export interface DerElement {
  readonly tag: number;
  /** Offset of the tag byte. */
  readonly start: number;
  /** Offset of the first content byte. */
  readonly contentStart: number;
  /** Offset just past the last content byte. */
  readonly end: number;
}

/** The universal tags this module reads (single-byte tags only). @see ITU-T X.680 §8.4 */
export const DER_TAG = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OBJECT_IDENTIFIER: 0x06,
  UTF8_STRING: 0x0c,
  NUMERIC_STRING: 0x12,
  PRINTABLE_STRING: 0x13,
  T61_STRING: 0x14,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  VISIBLE_STRING: 0x1a,
  GENERAL_STRING: 0x1b,
  UNIVERSAL_STRING: 0x1c,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
  CONTEXT_0: 0xa0,
} as const;

/** The byte at an offset, or a DER_SYNTAX error when the input ends before it. @see ITU-T X.690 §8.1 */
export function byteAt(bytes: Uint8Array, offset: number): number {
  const value = bytes[offset];
  if (value === undefined) {
    throw new X509Error("DER_SYNTAX", `DER input ends at offset ${offset}`);
  }
  return value;
}

/**
 * Reads the DER element (tag, definite length, contents) that starts at `offset`.
 * @see ITU-T X.690 §8.1 and §10.1
 */
export function readDerElement(bytes: Uint8Array, offset: number, limit: number = bytes.length): DerElement {
  if (offset + 2 > limit) {
    throw new X509Error("DER_SYNTAX", `DER element at offset ${offset} is truncated`);
  }
  const tag = byteAt(bytes, offset);
  if ((tag & 0x1f) === 0x1f) {
    throw new X509Error("DER_SYNTAX", `DER element at offset ${offset} uses a multi-byte tag, which no certificate field here needs`);
  }
  const first = byteAt(bytes, offset + 1);
  let length: number;
  let contentStart: number;
  if (first < 0x80) {
    length = first;
    contentStart = offset + 2;
  } else {
    const count = first & 0x7f;
    if (count === 0) {
      throw new X509Error("DER_SYNTAX", `DER element at offset ${offset} has an indefinite length (BER, not DER)`);
    }
    if (count > 4) {
      throw new X509Error("DER_SYNTAX", `DER element at offset ${offset} has a ${count}-byte length`);
    }
    if (offset + 2 + count > limit) {
      throw new X509Error("DER_SYNTAX", `DER length at offset ${offset} is truncated`);
    }
    length = 0;
    for (let i = 0; i < count; i++) {
      length = length * 256 + byteAt(bytes, offset + 2 + i);
    }
    contentStart = offset + 2 + count;
  }
  const end = contentStart + length;
  if (end > limit) {
    throw new X509Error(
      "DER_SYNTAX",
      `DER element at offset ${offset} claims ${length} content bytes but only ${limit - contentStart} remain`,
    );
  }
  return { tag, start: offset, contentStart, end };
}

/** The elements inside a constructed element (SEQUENCE, SET, explicit tag), in order. @see ITU-T X.690 §8.9 */
export function readDerChildren(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  let offset = parent.contentStart;
  while (offset < parent.end) {
    const child = readDerElement(bytes, offset, parent.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** Checks an element's tag, naming the field in the error. @see ITU-T X.690 §8.1.2 */
export function expectDerTag(element: DerElement | undefined, tag: number, field: string): DerElement {
  if (element === undefined) {
    throw new X509Error("DER_SYNTAX", `${field} is missing`);
  }
  if (element.tag !== tag) {
    throw new X509Error(
      "DER_SYNTAX",
      `${field} has tag 0x${element.tag.toString(16).padStart(2, "0")}, expected 0x${tag.toString(16).padStart(2, "0")}`,
    );
  }
  return element;
}
