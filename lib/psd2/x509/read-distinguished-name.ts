import { decodeDirectoryString } from "./decode-directory-string";
import { decodeOid } from "./decode-oid";
import type { AttributeTypeAndValue, DistinguishedName } from "./distinguished-name";
import { DER_TAG, type DerElement, type DerReadOptions, expectDerTag, readDerChildren, readDerElement } from "./read-der-element";
import { X509Error } from "./x509-error";

/**
 * Reads an X.501 Name (SEQUENCE OF SET OF AttributeTypeAndValue) from DER, keeping its DER, each
 * value's DER and, for string types, its text (decoded leniently, as Java does). `element`
 * defaults to the element at offset 0; errors name `options.field` (default "Name").
 * @see RFC 5280 §4.1.2.4
 */
export function readDistinguishedName(bytes: Uint8Array, element?: DerElement, options: DerReadOptions = {}): Required<DistinguishedName> {
  const field = options.field ?? "Name";
  const strict = options.strict === true;
  const name = expectDerTag(element ?? readDerElement(bytes, 0, bytes.length, { field, strict }), DER_TAG.SEQUENCE, field);
  const rdns = readDerChildren(bytes, name, { field, strict }).map((set, i) => {
    const rdnField = `${field}[${i}]`;
    const rdnRead = { field: rdnField, strict };
    const atvs = readDerChildren(bytes, expectDerTag(set, DER_TAG.SET, rdnField), rdnRead).map((seq, j): AttributeTypeAndValue => {
      const atvField = `${rdnField}[${j}]`;
      const [type, value, extra] = readDerChildren(bytes, expectDerTag(seq, DER_TAG.SEQUENCE, atvField), { field: atvField, strict });
      const typeField = `${atvField}.type`;
      const oid = expectDerTag(type, DER_TAG.OBJECT_IDENTIFIER, typeField);
      if (value === undefined || extra !== undefined) {
        throw new X509Error("DER_SYNTAX", `${atvField}: expected a type and a value`);
      }
      const text = decodeDirectoryString(value.tag, bytes.subarray(value.contentStart, value.end));
      return {
        oid: decodeOid(bytes, oid.contentStart, oid.end, typeField),
        der: bytes.slice(value.start, value.end),
        ...(text === undefined ? {} : { text }),
      };
    });
    if (atvs.length === 0) {
      throw new X509Error("DER_SYNTAX", `${rdnField}: empty RDN`);
    }
    return atvs;
  });
  return { rdns, der: bytes.subarray(name.start, name.end) };
}
