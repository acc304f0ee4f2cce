import { DER_TAG, type DerElement, derContents } from "./read-der-element";
import { X509Error } from "./x509-error";

/** How to decode: leniently as Java does for the keyId, or refusing bad bytes for text shown to people. */
export interface DecodeDirectoryStringOptions {
  /**
   * Refuse bytes that are not valid for the string's type (bad UTF-8 or UTF-16, a UniversalString
   * that is not whole code points) instead of writing U+FFFD. Off by default.
   */
  readonly fatal?: boolean;
  /** The field decoded, to lead the error a fatal decoding throws. */
  readonly field?: string;
}

const utf8 = new TextDecoder("utf-8");
const utf16be = new TextDecoder("utf-16be");
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const strictUtf16be = new TextDecoder("utf-16be", { fatal: true });

function decodeUtf32be(bytes: Uint8Array, fatal: boolean): string | undefined {
  if (fatal && bytes.length % 4 !== 0) return undefined;
  let out = "";
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const code = (((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0)) >>> 0;
    if (code > 0x10ffff && fatal) return undefined;
    out += code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  }
  return out;
}

function decodeLatin1(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

function decodeUtf(decoder: TextDecoder, bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined; // only a fatal decoder throws
  }
}

/**
 * The text of an ASN.1 string value by its type (UTF8String, PrintableString, IA5String,
 * BMPString, ...), or undefined when the tag is not a string type. Byte-per-character types
 * (T61String too) are read as ISO 8859-1, as JDK 25 does.
 * @see RFC 5280 §4.1.2.4 (DirectoryString)
 */
export function decodeDirectoryString(tag: number, content: Uint8Array, options: DecodeDirectoryStringOptions = {}): string | undefined {
  const fatal = options.fatal === true;
  let text: string | undefined;
  switch (tag) {
    case DER_TAG.UTF8_STRING:
      text = decodeUtf(fatal ? strictUtf8 : utf8, content);
      break;
    case DER_TAG.PRINTABLE_STRING:
    case DER_TAG.IA5_STRING:
    case DER_TAG.NUMERIC_STRING:
    case DER_TAG.VISIBLE_STRING:
    case DER_TAG.T61_STRING:
    case DER_TAG.GENERAL_STRING:
      return decodeLatin1(content);
    case DER_TAG.BMP_STRING:
      text = decodeUtf(fatal ? strictUtf16be : utf16be, content);
      break;
    case DER_TAG.UNIVERSAL_STRING:
      text = decodeUtf32be(content, fatal);
      break;
    default:
      return undefined;
  }
  if (text === undefined) throw new X509Error("DER_SYNTAX", `${options.field ?? "string"}: string is not validly encoded`);
  return text;
}

/** The text of a string element, which must be one (decoded fatally); errors name `field`. @see RFC 5280 §4.1.2.4 */
export function readDirectoryString(bytes: Uint8Array, element: DerElement | undefined, field: string): string {
  if (element === undefined) throw new X509Error("DER_SYNTAX", `${field}: missing`);
  const text = decodeDirectoryString(element.tag, derContents(bytes, element), { fatal: true, field });
  if (text === undefined) {
    throw new X509Error("DER_SYNTAX", `${field}: expected a string, found tag 0x${element.tag.toString(16).padStart(2, "0")}`);
  }
  return text;
}
