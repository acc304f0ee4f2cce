import { DER_TAG } from "./read-der-element";

const utf8 = new TextDecoder("utf-8");
const utf16be = new TextDecoder("utf-16be");

function decodeUtf32be(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const code = (((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0)) >>> 0;
    out += code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  }
  return out;
}

function decodeLatin1(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

/**
 * The text of an ASN.1 string value by its type (UTF8String, PrintableString, IA5String,
 * BMPString, ...), or undefined when the tag is not a string type.
 * @see RFC 5280 §4.1.2.4 (DirectoryString)
 */
export function decodeDirectoryString(tag: number, content: Uint8Array): string | undefined {
  switch (tag) {
    case DER_TAG.UTF8_STRING:
      return utf8.decode(content);
    case DER_TAG.PRINTABLE_STRING:
    case DER_TAG.IA5_STRING:
    case DER_TAG.NUMERIC_STRING:
    case DER_TAG.VISIBLE_STRING:
    case DER_TAG.T61_STRING:
    case DER_TAG.GENERAL_STRING:
      return decodeLatin1(content);
    case DER_TAG.BMP_STRING:
      return utf16be.decode(content);
    case DER_TAG.UNIVERSAL_STRING:
      return decodeUtf32be(content);
    default:
      return undefined;
  }
}
