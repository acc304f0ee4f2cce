import { findRfc2253Keyword } from "./attribute-types";
import type { AttributeTypeAndValue, DistinguishedName } from "./distinguished-name";
import { decodeDirectoryString } from "./decode-directory-string";
import { DER_TAG, readDerElement } from "./read-der-element";

// The value types Java's AVA.isDerString(value, false) treats as strings; any other is written as #hex
// (UniversalString, VisibleString and NumericString too, as Java does).
const JAVA_STRING_TAGS: ReadonlySet<number> = new Set([
  DER_TAG.PRINTABLE_STRING,
  DER_TAG.T61_STRING,
  DER_TAG.IA5_STRING,
  DER_TAG.GENERAL_STRING,
  DER_TAG.BMP_STRING,
  DER_TAG.UTF8_STRING,
]);

// Java escapes `=` and `#` anywhere too (RFC 2253 §2.4 allows escaping more than it requires).
const ESCAPEES = ',=+<>#;"\\';

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

function encodeUtf8StringDer(text: string): Uint8Array {
  const content = Buffer.from(text, "utf8");
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([DER_TAG.UTF8_STRING, ...length]), content]);
}

/** A value's string form exactly as Java's AVA.toRFC2253String escapes it. */
function escapeValue(value: string): string {
  let escaped = "";
  for (const c of value) {
    if (ESCAPEES.includes(c)) escaped += `\\${c}`;
    else if (c === "\u0000") escaped += "\\00";
    else escaped += c;
  }
  let lead = 0;
  while (lead < escaped.length && (escaped[lead] === " " || escaped[lead] === "\r")) lead++;
  let trail = escaped.length - 1;
  while (trail >= 0 && (escaped[trail] === " " || escaped[trail] === "\r")) trail--;
  if (lead === 0 && trail === escaped.length - 1) return escaped;
  let out = "";
  for (let i = 0; i < escaped.length; i++) {
    out += i < lead || i > trail ? `\\${escaped[i]}` : escaped[i];
  }
  return out;
}

function formatAttribute(atv: AttributeTypeAndValue): string {
  const keyword = findRfc2253Keyword(atv.oid);
  const der = atv.der ?? (atv.text === undefined ? undefined : encodeUtf8StringDer(atv.text));
  if (keyword === undefined || der === undefined) {
    return `${keyword ?? atv.oid}=#${der === undefined ? "" : toHex(der)}`;
  }
  const tag = der[0];
  if (tag === undefined || !JAVA_STRING_TAGS.has(tag)) {
    return `${keyword}=#${toHex(der)}`;
  }
  // Decoded per string type (T61String as latin1, BMPString as UTF-16), as JDK 25 does; JDK 17 read
  // every type as UTF-8, which garbles the two (the strings agree for UTF8String and PrintableString).
  const element = readDerElement(der, 0);
  const text = decodeDirectoryString(element.tag, der.subarray(element.contentStart, element.end)) ?? "";
  return `${keyword}=${escapeValue(text)}`;
}

/**
 * The RFC 2253 string of a name in the form of Java's `X500Principal.getName()`: most specific
 * RDN first; keywords only for CN, C, L, ST, O, OU, STREET, DC, UID; other types as
 * `<OID>=#<hex of the DER value>`; `,=+<>#;"\` escaped with a backslash, and leading or trailing
 * spaces; non-ASCII written raw; a multi-valued RDN's attributes joined with `+` in DER order.
 * @see docs/interface/request-signing.md#signature-header
 * @see RFC 2253 §2
 */
export function formatDistinguishedName(name: DistinguishedName): string {
  const parts: string[] = [];
  for (let i = name.rdns.length - 1; i >= 0; i--) {
    const rdn = name.rdns[i] ?? [];
    parts.push(rdn.map(formatAttribute).join("+"));
  }
  return parts.join(",");
}
