/**
 * Reading distinguished names: one attribute's value, and a human-readable form.
 *
 * The readable form is for people (logs, the developer portal): most specific RDN first, short
 * names where common, `organizationIdentifier` by name, values as text. It is not the keyId's
 * form: lib/psd2/x509 writes that (keyIdFromCertificate).
 *
 * @see RFC 4514 (string form), RFC 5280 §4.1.2.4
 */
import { decodeString, isStringTag, toHex } from "./der-reader";
import { type AttributeTypeAndValue, type Name } from "./parse-certificate";

const shortNames: Readonly<Record<string, string>> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.9": "STREET",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.12": "title",
  "2.5.4.42": "GN",
  "2.5.4.97": "organizationIdentifier",
  "0.9.2342.19200300.100.1.1": "UID",
  "0.9.2342.19200300.100.1.25": "DC",
  "1.2.840.113549.1.9.1": "emailAddress",
};

function readableValue(atv: AttributeTypeAndValue): string {
  if (!isStringTag(atv.value.tag)) return `#${toHex(atv.value.der)}`;
  const text = decodeString(atv.value, `attribute ${atv.oid}`);
  return text.replace(/[,+"\\<>;]/g, (c) => `\\${c}`).replace(/^[ #]| $/g, (c) => `\\${c}`);
}

/** "CN=..., organizationIdentifier=..., O=..., C=NO": most specific first. */
export function formatReadableName(name: Name): string {
  return [...name.rdns]
    .reverse()
    .map((rdn) => rdn.map((atv) => `${shortNames[atv.oid] ?? atv.oid}=${readableValue(atv)}`).join(" + "))
    .join(", ");
}

/** The text of the most specific attribute of a type, or null when absent or not a string. */
export function nameAttribute(name: Name, oid: string): string | null {
  for (const rdn of [...name.rdns].reverse()) {
    for (const atv of rdn) {
      if (atv.oid === oid && isStringTag(atv.value.tag)) return decodeString(atv.value, `attribute ${oid}`);
    }
  }
  return null;
}
