/**
 * A small, strict DER reader over Uint8Array, for reading certificates and their extensions.
 *
 * Typed and exact: every element keeps its own encoding (`der`), which the keyId needs for
 * `<OID>=#<hex DER>` and the issuer of a new certificate needs byte for byte. Only what X.509
 * uses is supported: low tag numbers, definite lengths.
 *
 * @see ITU-T X.690 §8 and §10 (DER), RFC 5280 §4.1
 */
import { CertificateError } from "./certificate-error";

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  NUMERIC_STRING: 0x12,
  PRINTABLE_STRING: 0x13,
  T61_STRING: 0x14,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  VISIBLE_STRING: 0x1a,
  UNIVERSAL_STRING: 0x1c,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

export interface DerElement {
  /** The identifier octet: class, constructed bit and tag number. */
  readonly tag: number;
  readonly constructed: boolean;
  /** The whole encoding: identifier, length and contents. */
  readonly der: Uint8Array;
  readonly contents: Uint8Array;
}

function parseError(what: string, problem: string): CertificateError {
  return new CertificateError("CERTIFICATE_PARSE", `${what}: ${problem}`);
}

function readAt(bytes: Uint8Array, offset: number, what: string): DerElement {
  const tag = bytes[offset];
  if (tag === undefined) throw parseError(what, "unexpected end of data");
  if ((tag & 0x1f) === 0x1f) throw parseError(what, "high tag numbers are not supported");
  const first = bytes[offset + 1];
  if (first === undefined) throw parseError(what, "unexpected end of data in a length");
  let length: number;
  let headerLength: number;
  if (first < 0x80) {
    length = first;
    headerLength = 2;
  } else {
    const count = first & 0x7f;
    if (count === 0) throw parseError(what, "indefinite length is not DER");
    if (count > 4) throw parseError(what, "length too large");
    length = 0;
    for (let i = 0; i < count; i++) {
      const b = bytes[offset + 2 + i];
      if (b === undefined) throw parseError(what, "unexpected end of data in a length");
      length = length * 256 + b;
    }
    if (length < 0x80 || (count > 1 && bytes[offset + 2] === 0)) {
      throw parseError(what, "length not in minimal DER form");
    }
    headerLength = 2 + count;
  }
  const end = offset + headerLength + length;
  if (end > bytes.length) throw parseError(what, "element runs past the end of the data");
  return {
    tag,
    constructed: (tag & 0x20) !== 0,
    der: bytes.subarray(offset, end),
    contents: bytes.subarray(offset + headerLength, end),
  };
}

/** Reads exactly one element filling all of `bytes`. */
export function readDer(bytes: Uint8Array, what: string): DerElement {
  if (bytes.length === 0) throw parseError(what, "no data");
  const element = readAt(bytes, 0, what);
  if (element.der.length !== bytes.length) throw parseError(what, "trailing data after the element");
  return element;
}

/** The elements inside a constructed element (SEQUENCE, SET, explicit tag). */
export function childrenOf(element: DerElement, what: string): DerElement[] {
  if (!element.constructed) throw parseError(what, "expected a constructed element");
  const children: DerElement[] = [];
  let offset = 0;
  while (offset < element.contents.length) {
    const child = readAt(element.contents, offset, what);
    children.push(child);
    offset += child.der.length;
  }
  return children;
}

/** Asserts the element's tag; `expected` names it in the message. */
export function expectTag(element: DerElement | undefined, tag: number, what: string): DerElement {
  if (element === undefined) throw parseError(what, "missing");
  if (element.tag !== tag) {
    throw parseError(what, `expected tag 0x${hex2(tag)}, found 0x${hex2(element.tag)}`);
  }
  return element;
}

/** The children of a SEQUENCE (or SET) element, checking the tag. */
export function sequenceOf(element: DerElement | undefined, what: string, tag: number = TAG.SEQUENCE): DerElement[] {
  return childrenOf(expectTag(element, tag, what), what);
}

export function decodeOid(element: DerElement | undefined, what: string): string {
  const contents = expectTag(element, TAG.OID, what).contents;
  if (contents.length === 0) throw parseError(what, "empty object identifier");
  const arcs: number[] = [];
  let value = 0;
  for (let i = 0; i < contents.length; i++) {
    const b = contents[i] ?? 0;
    if (value === 0 && b === 0x80) throw parseError(what, "object identifier not in minimal form");
    value = value * 128 + (b & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER) throw parseError(what, "object identifier arc too large");
    if ((b & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    } else if (i === contents.length - 1) {
      throw parseError(what, "truncated object identifier");
    }
  }
  const first = arcs.shift() ?? 0;
  const top = first < 40 ? 0 : first < 80 ? 1 : 2;
  return [top, first - top * 40, ...arcs].join(".");
}

export function decodeBoolean(element: DerElement | undefined, what: string): boolean {
  const contents = expectTag(element, TAG.BOOLEAN, what).contents;
  if (contents.length !== 1 || (contents[0] !== 0x00 && contents[0] !== 0xff)) {
    throw parseError(what, "BOOLEAN not in DER form");
  }
  return contents[0] === 0xff;
}

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf16be = new TextDecoder("utf-16be", { fatal: true });

/** The text of a directory string (UTF8String, PrintableString, BMPString, ...). */
export function decodeString(element: DerElement | undefined, what: string): string {
  if (element === undefined) throw parseError(what, "missing");
  const { contents } = element;
  try {
    switch (element.tag) {
      case TAG.UTF8_STRING:
        return utf8.decode(contents);
      case TAG.PRINTABLE_STRING:
      case TAG.NUMERIC_STRING:
      case TAG.IA5_STRING:
      case TAG.VISIBLE_STRING:
      case TAG.T61_STRING:
        return latin1.decode(contents);
      case TAG.BMP_STRING:
        return utf16be.decode(contents);
      case TAG.UNIVERSAL_STRING: {
        if (contents.length % 4 !== 0) throw new Error("length not a multiple of 4");
        let text = "";
        for (let i = 0; i < contents.length; i += 4) {
          const view = new DataView(contents.buffer, contents.byteOffset + i, 4);
          text += String.fromCodePoint(view.getUint32(0));
        }
        return text;
      }
      default:
        throw parseError(what, `expected a string, found tag 0x${hex2(element.tag)}`);
    }
  } catch (error) {
    if (error instanceof CertificateError) throw error;
    throw parseError(what, "string is not validly encoded");
  }
}

/** Whether the element is one of the string types `decodeString` reads. */
export function isStringTag(tag: number): boolean {
  const tags: readonly number[] = [
    TAG.UTF8_STRING, TAG.PRINTABLE_STRING, TAG.NUMERIC_STRING, TAG.IA5_STRING, TAG.VISIBLE_STRING,
    TAG.T61_STRING, TAG.BMP_STRING, TAG.UNIVERSAL_STRING,
  ];
  return tags.includes(tag);
}

/** A UTCTime or GeneralizedTime (RFC 5280 §4.1.2.5: UTC, with seconds, "Z"). */
export function decodeTime(element: DerElement | undefined, what: string): Date {
  if (element === undefined) throw parseError(what, "missing");
  const text = latin1.decode(element.contents);
  let match: RegExpExecArray | null;
  let year: number;
  if (element.tag === TAG.UTC_TIME) {
    match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text);
    if (!match) throw parseError(what, `UTCTime "${text}" is not YYMMDDHHMMSSZ`);
    const yy = Number(match[1]);
    year = yy < 50 ? 2000 + yy : 1900 + yy;
  } else if (element.tag === TAG.GENERALIZED_TIME) {
    match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(text);
    if (!match) throw parseError(what, `GeneralizedTime "${text}" is not YYYYMMDDHHMMSSZ`);
    year = Number(match[1]);
  } else {
    throw parseError(what, `expected a time, found tag 0x${hex2(element.tag)}`);
  }
  const [month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(2, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute || date.getUTCSeconds() !== second
  ) {
    throw parseError(what, `"${text}" is not a valid date and time`);
  }
  return date;
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, "0");
}
