/**
 * The fields of an X.509 v3 certificate this module reads, from DER.
 *
 * Any key type is accepted here (the reader must not crash on an EC certificate); only issuing
 * insists on RSA.
 *
 * @see RFC 5280 §4.1
 */
import { CertificateError } from "./certificate-error";
import {
  childrenOf, decodeBoolean, decodeOid, decodeTime, expectTag, readDer, sequenceOf, TAG,
  type DerElement,
} from "./der-reader";
import { readPemBlocks } from "./pem";

export interface AttributeTypeAndValue {
  readonly oid: string;
  readonly value: DerElement;
}

/** A relative distinguished name: usually one attribute, several when multi-valued. */
export type Rdn = readonly AttributeTypeAndValue[];

export interface Name {
  readonly der: Uint8Array;
  /** In ASN.1 order: least specific (usually C) first. */
  readonly rdns: readonly Rdn[];
}

export interface Extension {
  readonly oid: string;
  readonly critical: boolean;
  /** The contents of extnValue: the DER of the extension's own value. */
  readonly value: Uint8Array;
}

export interface ParsedCertificate {
  readonly der: Uint8Array;
  /** The serialNumber INTEGER's contents octets. */
  readonly serial: Uint8Array;
  readonly issuer: Name;
  readonly subject: Name;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly subjectPublicKeyInfo: Uint8Array;
  readonly extensions: readonly Extension[];
}

function readName(element: DerElement | undefined, what: string): Name {
  const name = expectTag(element, TAG.SEQUENCE, what);
  const rdns = childrenOf(name, what).map((set, i) =>
    sequenceOf(set, `${what}[${i}]`, TAG.SET).map((atv, j) => {
      const [type, value, extra] = sequenceOf(atv, `${what}[${i}][${j}]`);
      if (value === undefined || extra !== undefined) {
        throw new CertificateError("CERTIFICATE_PARSE", `${what}[${i}][${j}]: expected a type and a value`);
      }
      return { oid: decodeOid(type, `${what}[${i}][${j}].type`), value };
    }),
  );
  return { der: name.der, rdns };
}

function readExtensions(element: DerElement | undefined): Extension[] {
  const what = "tbsCertificate.extensions";
  const [inner, extra] = childrenOf(expectTag(element, 0xa3, what), what);
  if (extra !== undefined) throw new CertificateError("CERTIFICATE_PARSE", `${what}: trailing data`);
  const seen = new Set<string>();
  return sequenceOf(inner, what).map((ext, i) => {
    const where = `${what}[${i}]`;
    const parts = sequenceOf(ext, where);
    if (parts.length < 2 || parts.length > 3) {
      throw new CertificateError("CERTIFICATE_PARSE", `${where}: expected extnID, critical and extnValue`);
    }
    const oid = decodeOid(parts[0], `${where}.extnID`);
    const critical = parts.length === 3 ? decodeBoolean(parts[1], `${where}.critical`) : false;
    const value = expectTag(parts[parts.length - 1], TAG.OCTET_STRING, `${where}.extnValue`).contents;
    if (seen.has(oid)) {
      throw new CertificateError("CERTIFICATE_PARSE", `${where}: extension ${oid} appears twice (RFC 5280 §4.2)`);
    }
    seen.add(oid);
    return { oid, critical, value };
  });
}

/** Reads a DER certificate; throws CERTIFICATE_PARSE naming the field that is wrong. */
export function parseCertificateDer(der: Uint8Array): ParsedCertificate {
  const [tbs, signatureAlgorithm, signature, extra] = sequenceOf(readDer(der, "certificate"), "certificate");
  expectTag(signatureAlgorithm, TAG.SEQUENCE, "certificate.signatureAlgorithm");
  expectTag(signature, TAG.BIT_STRING, "certificate.signatureValue");
  if (extra !== undefined) throw new CertificateError("CERTIFICATE_PARSE", "certificate: more than three fields");

  const fields = sequenceOf(tbs, "tbsCertificate");
  let index = 0;
  if (fields[0]?.tag === 0xa0) index = 1; // version [0] EXPLICIT; v1 certificates omit it
  const serial = expectTag(fields[index], TAG.INTEGER, "tbsCertificate.serialNumber").contents;
  if (serial.length === 0) throw new CertificateError("CERTIFICATE_PARSE", "tbsCertificate.serialNumber: empty");
  expectTag(fields[index + 1], TAG.SEQUENCE, "tbsCertificate.signature");
  const issuer = readName(fields[index + 2], "tbsCertificate.issuer");
  const [notBefore, notAfter] = sequenceOf(fields[index + 3], "tbsCertificate.validity");
  const subject = readName(fields[index + 4], "tbsCertificate.subject");
  const spki = expectTag(fields[index + 5], TAG.SEQUENCE, "tbsCertificate.subjectPublicKeyInfo");
  // issuerUniqueID [1] and subjectUniqueID [2] may sit before the extensions.
  const extensionsElement = fields.slice(index + 6).find((f) => f.tag === 0xa3);

  return {
    der,
    serial,
    issuer,
    subject,
    notBefore: decodeTime(notBefore, "tbsCertificate.validity.notBefore"),
    notAfter: decodeTime(notAfter, "tbsCertificate.validity.notAfter"),
    subjectPublicKeyInfo: spki.der,
    extensions: extensionsElement ? readExtensions(extensionsElement) : [],
  };
}

/**
 * A certificate's DER from PEM text, Base64 DER (the TPP-Signature-Certificate header's form)
 * or DER octets. A PEM text must hold exactly one block, a CERTIFICATE.
 */
export function certificateDerOf(input: string | Uint8Array): Uint8Array {
  if (typeof input !== "string") return input;
  if (input.includes("-----BEGIN")) {
    const blocks = readPemBlocks(input);
    const [block, second] = blocks;
    if (block === undefined) throw new CertificateError("PEM_INVALID", "PEM text holds no complete block");
    if (second !== undefined) {
      throw new CertificateError("PEM_INVALID", `PEM text holds ${blocks.length} blocks; expected one CERTIFICATE`);
    }
    if (block.label !== "CERTIFICATE" || block.der === undefined) {
      throw new CertificateError("PEM_INVALID", `expected a CERTIFICATE PEM block, found "${block.label}"`);
    }
    return block.der;
  }
  const base64 = input.replace(/\s+/g, "");
  if (base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new CertificateError("PEM_INVALID", "certificate text is neither PEM nor Base64 DER");
  }
  return new Uint8Array(Buffer.from(base64, "base64"));
}
