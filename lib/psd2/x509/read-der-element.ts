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

/** How to read an element, and how to name it when it is wrong. */
export interface DerReadOptions {
  /** The field read, to lead every error message (default: `DER element at offset <n>`). */
  readonly field?: string;
  /**
   * Also refuse a length not written in its shortest form, which BER allows and DER does not
   * (X.690 §10.1). Off by default: OpenSSL, and so node:crypto, reads such certificates.
   */
  readonly strict?: boolean;
}

/** The universal tags this module reads (single-byte tags only). @see ITU-T X.680 §8.4 */
export const DER_TAG = {
  BOOLEAN: 0x01,
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
  CONTEXT_3: 0xa3,
} as const;

/** The byte at an offset, or a DER_SYNTAX error when the input ends before it. @see ITU-T X.690 §8.1 */
export function byteAt(bytes: Uint8Array, offset: number): number {
  const value = bytes[offset];
  if (value === undefined) {
    throw new X509Error("DER_SYNTAX", `DER input ends at offset ${offset}`);
  }
  return value;
}

function derError(options: DerReadOptions, offset: number, problem: string): X509Error {
  return new X509Error("DER_SYNTAX", `${options.field ?? `DER element at offset ${offset}`}: ${problem}`);
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, "0");
}

/**
 * Reads the DER element (tag, definite length, contents) that starts at `offset`.
 * @see ITU-T X.690 §8.1 and §10.1
 */
export function readDerElement(bytes: Uint8Array, offset: number, limit: number = bytes.length, options: DerReadOptions = {}): DerElement {
  if (offset + 2 > limit) throw derError(options, offset, "unexpected end of data in a length (the element is truncated)");
  const tag = byteAt(bytes, offset);
  if ((tag & 0x1f) === 0x1f) {
    throw derError(options, offset, "high tag numbers are not supported (a multi-byte tag, which no certificate field needs)");
  }
  const first = byteAt(bytes, offset + 1);
  let length = first;
  let contentStart = offset + 2;
  if (first >= 0x80) {
    const count = first & 0x7f;
    if (count === 0) throw derError(options, offset, "indefinite length is not DER (it is BER)");
    if (count > 4) throw derError(options, offset, `length too large (a ${count}-byte length)`);
    if (offset + 2 + count > limit) throw derError(options, offset, "unexpected end of data in a length (the length is truncated)");
    length = 0;
    for (let i = 0; i < count; i++) {
      length = length * 256 + byteAt(bytes, offset + 2 + i);
    }
    if (options.strict === true && (length < 0x80 || byteAt(bytes, offset + 2) === 0)) {
      throw derError(options, offset, "length not in minimal DER form");
    }
    contentStart = offset + 2 + count;
  }
  const end = contentStart + length;
  if (end > limit) {
    throw derError(
      options,
      offset,
      `element runs past the end of the data (it claims ${length} content bytes but only ${limit - contentStart} remain)`,
    );
  }
  return { tag, start: offset, contentStart, end };
}

/**
 * Reads the one element that fills `bytes` (an extension's value, a key), strictly: no data,
 * trailing data and non-minimal lengths are errors naming `field`.
 * @see ITU-T X.690 §10.1
 */
export function readDerValue(bytes: Uint8Array, field: string): DerElement {
  if (bytes.length === 0) throw new X509Error("DER_SYNTAX", `${field}: no data`);
  const element = readDerElement(bytes, 0, bytes.length, { field, strict: true });
  if (element.end !== bytes.length) throw new X509Error("DER_SYNTAX", `${field}: trailing data after the element`);
  return element;
}

/**
 * The elements inside a constructed element (SEQUENCE, SET, explicit tag), in order; errors in
 * them name the parent's `field`.
 * @see ITU-T X.690 §8.9
 */
export function readDerChildren(bytes: Uint8Array, parent: DerElement, options: DerReadOptions = {}): DerElement[] {
  if ((parent.tag & 0x20) === 0) throw derError(options, parent.start, "expected a constructed element");
  const children: DerElement[] = [];
  let offset = parent.contentStart;
  while (offset < parent.end) {
    const child = readDerElement(bytes, offset, parent.end, options);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** Checks an element's tag, naming the field in the error. @see ITU-T X.690 §8.1.2 */
export function expectDerTag(element: DerElement | undefined, tag: number, field: string): DerElement {
  if (element === undefined) {
    throw new X509Error("DER_SYNTAX", `${field}: missing`);
  }
  if (element.tag !== tag) {
    throw new X509Error("DER_SYNTAX", `${field}: expected tag 0x${hex2(tag)}, found 0x${hex2(element.tag)}`);
  }
  return element;
}

/**
 * The children of an element that must have `tag` (a SEQUENCE unless told), read strictly; errors
 * name `field`.
 * @see ITU-T X.690 §8.9 and §10.1
 */
export function readDerSequence(
  bytes: Uint8Array,
  element: DerElement | undefined,
  field: string,
  tag: number = DER_TAG.SEQUENCE,
): DerElement[] {
  return readDerChildren(bytes, expectDerTag(element, tag, field), { field, strict: true });
}

/** A BOOLEAN in DER form (0x00 or 0xff). @see ITU-T X.690 §11.1 */
export function readDerBoolean(bytes: Uint8Array, element: DerElement | undefined, field: string): boolean {
  const { contentStart, end } = expectDerTag(element, DER_TAG.BOOLEAN, field);
  const value = bytes[contentStart];
  if (end - contentStart !== 1 || (value !== 0x00 && value !== 0xff)) {
    throw new X509Error("DER_SYNTAX", `${field}: BOOLEAN not in DER form`);
  }
  return value === 0xff;
}

/** The contents octets of an element. */
export function derContents(bytes: Uint8Array, element: DerElement): Uint8Array {
  return bytes.subarray(element.contentStart, element.end);
}
