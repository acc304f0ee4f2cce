import { decodeDirectoryString } from "./decode-directory-string";
import { decodeOid } from "./decode-oid";
import type { AttributeTypeAndValue, DistinguishedName } from "./distinguished-name";
import { DER_TAG, type DerElement, expectDerTag, readDerChildren, readDerElement } from "./read-der-element";
import { X509Error } from "./x509-error";

/**
 * Reads an X.501 Name (SEQUENCE OF SET OF AttributeTypeAndValue) from DER, keeping each value's
 * DER encoding and, for string types, its text. `element` defaults to the element at offset 0.
 * @see RFC 5280 §4.1.2.4
 */
export function readDistinguishedName(bytes: Uint8Array, element?: DerElement): DistinguishedName {
  const name = expectDerTag(element ?? readDerElement(bytes, 0), DER_TAG.SEQUENCE, "Name");
  const rdns = readDerChildren(bytes, name).map((set, i) => {
    expectDerTag(set, DER_TAG.SET, `RDN ${i + 1}`);
    const atvs = readDerChildren(bytes, set).map((seq, j): AttributeTypeAndValue => {
      const field = `attribute ${j + 1} of RDN ${i + 1}`;
      const [type, value, extra] = readDerChildren(bytes, expectDerTag(seq, DER_TAG.SEQUENCE, field));
      const oid = expectDerTag(type, DER_TAG.OBJECT_IDENTIFIER, `${field}: type`);
      if (value === undefined || extra !== undefined) {
        throw new X509Error("DER_SYNTAX", `${field} must hold exactly a type and a value`);
      }
      const der = bytes.slice(value.start, value.end);
      const text = decodeDirectoryString(value.tag, bytes.subarray(value.contentStart, value.end));
      return {
        oid: decodeOid(bytes, oid.contentStart, oid.end),
        der,
        ...(text === undefined ? {} : { text }),
      };
    });
    if (atvs.length === 0) {
      throw new X509Error("DER_SYNTAX", `RDN ${i + 1} is empty`);
    }
    return atvs;
  });
  return { rdns };
}
