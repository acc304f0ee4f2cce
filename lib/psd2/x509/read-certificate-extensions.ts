import { readDerOid } from "./decode-oid";
import { DER_TAG, type DerElement, derContents, expectDerTag, readDerBoolean, readDerSequence } from "./read-der-element";
import { X509Error } from "./x509-error";

/** One v3 extension of a certificate, its value still DER. @see RFC 5280 §4.1.2.9 */
export interface CertificateExtension {
  readonly oid: string;
  readonly critical: boolean;
  /** The contents of extnValue: the DER of the extension's own value. */
  readonly value: Uint8Array;
}

const FIELD = "tbsCertificate.extensions";

/**
 * Reads a certificate's `[3] EXPLICIT Extensions` element strictly: each extension's OID,
 * criticality and value; an extension that appears twice is an error.
 * @see RFC 5280 §4.1.2.9 and §4.2
 */
export function readCertificateExtensions(bytes: Uint8Array, element: DerElement): CertificateExtension[] {
  const [inner, extra] = readDerSequence(bytes, element, FIELD, DER_TAG.CONTEXT_3);
  if (extra !== undefined) throw new X509Error("DER_SYNTAX", `${FIELD}: trailing data`);
  const seen = new Set<string>();
  return readDerSequence(bytes, inner, FIELD).map((extension, i) => {
    const where = `${FIELD}[${i}]`;
    const parts = readDerSequence(bytes, extension, where);
    if (parts.length < 2 || parts.length > 3) {
      throw new X509Error("DER_SYNTAX", `${where}: expected extnID, critical and extnValue`);
    }
    const oid = readDerOid(bytes, parts[0], `${where}.extnID`);
    const critical = parts.length === 3 ? readDerBoolean(bytes, parts[1], `${where}.critical`) : false;
    const value = expectDerTag(parts[parts.length - 1], DER_TAG.OCTET_STRING, `${where}.extnValue`);
    if (seen.has(oid)) {
      throw new X509Error("DER_SYNTAX", `${where}: extension ${oid} appears twice (RFC 5280 §4.2)`);
    }
    seen.add(oid);
    return { oid, critical, value: derContents(bytes, value) };
  });
}
