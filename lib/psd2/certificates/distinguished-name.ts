/**
 * Reading distinguished names for people: one attribute's value, and a readable form.
 *
 * The readable form is for logs and the developer portal: most specific RDN first, short names
 * where common, `organizationIdentifier` by name, values as text (decoded strictly: bad bytes
 * are an error, not U+FFFD). It is not the keyId's form: lib/psd2/x509 writes that
 * (formatDistinguishedName, Java's X500Principal.getName()).
 *
 * @see RFC 4514 (string form), RFC 5280 §4.1.2.4
 */
import {
  type AttributeTypeAndValue,
  decodeDirectoryString,
  derContents,
  describeAttributeType,
  type DistinguishedName,
  readDerElement,
} from "../x509";

/** The value as text when it is a string type, else undefined; a name read from a string has text only. */
function valueText(atv: AttributeTypeAndValue): string | undefined {
  if (atv.der === undefined) return atv.text;
  const field = `attribute ${atv.oid}`;
  const value = readDerElement(atv.der, 0, atv.der.length, { field });
  return decodeDirectoryString(value.tag, derContents(atv.der, value), { fatal: true, field });
}

function readableValue(atv: AttributeTypeAndValue): string {
  const text = valueText(atv);
  if (text === undefined) return `#${Buffer.from(atv.der ?? []).toString("hex")}`;
  return text.replace(/[,+"\\<>;]/g, (c) => `\\${c}`).replace(/^[ #]| $/g, (c) => `\\${c}`);
}

/** "CN=..., organizationIdentifier=..., O=..., C=NO": most specific first. */
export function formatReadableName(name: DistinguishedName): string {
  return [...name.rdns]
    .reverse()
    .map((rdn) => rdn.map((atv) => `${describeAttributeType(atv.oid)}=${readableValue(atv)}`).join(" + "))
    .join(", ");
}

/** The text of the most specific attribute of a type, or null when absent or not a string. */
export function nameAttribute(name: DistinguishedName, oid: string): string | null {
  for (const rdn of [...name.rdns].reverse()) {
    for (const atv of rdn) {
      if (atv.oid !== oid) continue;
      const text = valueText(atv);
      if (text !== undefined) return text;
    }
  }
  return null;
}
