import { type KeyObject, X509Certificate } from "node:crypto";
import { ORGANIZATION_IDENTIFIER_OID } from "./attribute-types";
import type { DistinguishedName } from "./distinguished-name";
import { formatDistinguishedName } from "./format-distinguished-name";
import { formatSerialNumber } from "./format-serial-number";
import { formatKeyId } from "./key-id";
import { type CertificateExtension, readCertificateExtensions } from "./read-certificate-extensions";
import {
  DER_TAG,
  type DerElement,
  type DerReadOptions,
  derContents,
  expectDerTag,
  readDerChildren,
  readDerElement,
} from "./read-der-element";
import { readDerTime } from "./read-der-time";
import { readDistinguishedName } from "./read-distinguished-name";
import { X509Error } from "./x509-error";

/** A certificate read once, with everything signing and verification need precomputed. */
export interface ParsedCertificate {
  readonly x509: X509Certificate;
  /** The DER encoding. */
  readonly der: Uint8Array;
  /** The DER encoding as one-line Base64 (the TPP-Signature-Certificate value). @see docs/interface/request-signing.md#certificate-header */
  readonly base64: string;
  /** The serial in keyId form: upper-case hex without leading zeros. */
  readonly serialNumber: string;
  readonly serial: bigint;
  /** The serialNumber INTEGER's contents octets as written (a leading 00 kept). */
  readonly serialOctets: Uint8Array;
  /** The issuer, with its DER (a certificate it issues copies it byte for byte). */
  readonly issuer: Required<DistinguishedName>;
  /** The issuer as RFC 2253 in Java's X500Principal.getName() form. */
  readonly issuerName: string;
  readonly subject: Required<DistinguishedName>;
  /** The subject as RFC 2253 in Java's X500Principal.getName() form. */
  readonly subjectName: string;
  /** `SN=<serialNumber>,CA=<issuerName>`. */
  readonly keyId: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly publicKey: KeyObject;
  /** The subjectPublicKeyInfo's DER. */
  readonly subjectPublicKeyInfo: Uint8Array;
  /** The subject's organizationIdentifier (2.5.4.97), e.g. `PSDNO-FSA-123456`, when present. */
  readonly organizationIdentifier?: string;
  /**
   * The v3 extensions in order, read (strictly) on first use and kept: verification needs none.
   * Throws CERTIFICATE_INVALID then if they are malformed.
   */
  readonly extensions: readonly CertificateExtension[];
}

/** A certificate as PEM, as Base64 DER (with or without line breaks), as DER bytes, or already parsed by Node. */
export type CertificateInput = string | Uint8Array | X509Certificate;

export interface ParseCertificateOptions {
  /**
   * Read the bytes as strict DER before Node does, so that an error names the field, and refuse
   * what OpenSSL lets pass: bytes after the certificate, lengths not in their shortest form,
   * dates that do not exist. Default false: what node:crypto reads is read.
   */
  readonly strict?: boolean;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/;
const WHITESPACE = /\s+/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBase64Certificate(text: string): Buffer {
  const pem = PEM_CERTIFICATE.exec(text);
  const body = (pem === null ? text : (pem[1] ?? "")).replace(WHITESPACE, "");
  if (body === "" || !BASE64.test(body) || body.length % 4 === 1) {
    throw new X509Error("CERTIFICATE_INVALID", "the certificate is neither PEM nor Base64-encoded DER");
  }
  return Buffer.from(body, "base64");
}

function derOf(input: CertificateInput): Uint8Array {
  if (input instanceof X509Certificate) return Uint8Array.from(input.raw);
  return Uint8Array.from(typeof input === "string" ? decodeBase64Certificate(input) : input);
}

function toX509(input: CertificateInput): X509Certificate {
  if (input instanceof X509Certificate) return input;
  const der = typeof input === "string" ? decodeBase64Certificate(input) : Buffer.from(input);
  try {
    return new X509Certificate(der);
  } catch (error) {
    throw new X509Error("CERTIFICATE_INVALID", "the certificate's DER encoding cannot be read as X.509", { cause: error });
  }
}

/** A DER_SYNTAX error as this module's verdict on a certificate; other errors unchanged. */
function unreadable(error: unknown): unknown {
  if (error instanceof X509Error && error.code === "DER_SYNTAX") {
    return new X509Error("CERTIFICATE_INVALID", `the certificate cannot be read: ${error.message}`, { cause: error });
  }
  return error;
}

interface CertificateFields {
  readonly serial: DerElement;
  readonly issuer: Required<DistinguishedName>;
  readonly subject: Required<DistinguishedName>;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly subjectPublicKeyInfo: DerElement;
  readonly extensions?: DerElement;
}

function readFields(der: Uint8Array, strict: boolean): CertificateFields {
  const read = (field: string): DerReadOptions => ({ field, strict });
  const certificate = expectDerTag(readDerElement(der, 0, der.length, read("certificate")), DER_TAG.SEQUENCE, "certificate");
  if (strict && certificate.end !== der.length) throw new X509Error("DER_SYNTAX", "certificate: trailing data after the element");
  const [tbs, signatureAlgorithm, signature, extra] = readDerChildren(der, certificate, read("certificate"));
  expectDerTag(signatureAlgorithm, DER_TAG.SEQUENCE, "certificate.signatureAlgorithm");
  expectDerTag(signature, DER_TAG.BIT_STRING, "certificate.signatureValue");
  if (extra !== undefined) throw new X509Error("DER_SYNTAX", "certificate: more than three fields");

  const fields = readDerChildren(der, expectDerTag(tbs, DER_TAG.SEQUENCE, "tbsCertificate"), read("tbsCertificate"));
  const at = fields[0]?.tag === DER_TAG.CONTEXT_0 ? 1 : 0; // version [0] EXPLICIT; v1 certificates omit it
  const serial = expectDerTag(fields[at], DER_TAG.INTEGER, "tbsCertificate.serialNumber");
  if (serial.end === serial.contentStart) throw new X509Error("DER_SYNTAX", "tbsCertificate.serialNumber: empty");
  expectDerTag(fields[at + 1], DER_TAG.SEQUENCE, "tbsCertificate.signature");
  const validityField = "tbsCertificate.validity";
  const [notBefore, notAfter] = readDerChildren(der, expectDerTag(fields[at + 3], DER_TAG.SEQUENCE, validityField), read(validityField));
  const issuerField = "tbsCertificate.issuer";
  const subjectField = "tbsCertificate.subject";
  return {
    serial,
    issuer: readDistinguishedName(der, expectDerTag(fields[at + 2], DER_TAG.SEQUENCE, issuerField), read(issuerField)),
    notBefore: readDerTime(der, notBefore, `${validityField}.notBefore`, strict),
    notAfter: readDerTime(der, notAfter, `${validityField}.notAfter`, strict),
    subject: readDistinguishedName(der, expectDerTag(fields[at + 4], DER_TAG.SEQUENCE, subjectField), read(subjectField)),
    subjectPublicKeyInfo: expectDerTag(fields[at + 5], DER_TAG.SEQUENCE, "tbsCertificate.subjectPublicKeyInfo"),
    // issuerUniqueID [1] and subjectUniqueID [2] may stand before the extensions [3].
    extensions: fields.slice(at + 6).find((field) => field.tag === DER_TAG.CONTEXT_3),
  };
}

/**
 * Reads a certificate once: serial (keyId form and octets), issuer and subject (as names with
 * their DER and as Java-style RFC 2253 strings), keyId, validity, public key, organizationIdentifier
 * and, on first use, the extensions.
 * @see docs/interface/request-signing.md#signature-header, docs/interface/request-signing.md#certificate-header and docs/interface/certificates.md#certificates-and-tpp-registration
 * @see RFC 5280 §4.1
 */
export function parseCertificate(input: CertificateInput, options: ParseCertificateOptions = {}): ParsedCertificate {
  const strict = options.strict === true;
  // Leniently Node decides first, as before this reader; strictly the reader names what is wrong.
  const lenientX509 = strict ? undefined : toX509(input);
  const der = lenientX509 === undefined ? derOf(input) : Uint8Array.from(lenientX509.raw);
  let fields: CertificateFields;
  try {
    fields = readFields(der, strict);
  } catch (error) {
    throw unreadable(error);
  }
  const x509 = lenientX509 ?? toX509(der);
  const { serial, issuer, subject, extensions: extensionsElement } = fields;
  let extensions: readonly CertificateExtension[] | undefined;
  const readExtensions = (): readonly CertificateExtension[] => {
    try {
      extensions ??= extensionsElement === undefined ? [] : readCertificateExtensions(der, extensionsElement);
    } catch (error) {
      throw unreadable(error);
    }
    return extensions;
  };
  if (strict) readExtensions(); // a strict read refuses malformed extensions at once
  const serialOctets = derContents(der, serial);
  const serialNumber = formatSerialNumber(serialOctets);
  const issuerName = formatDistinguishedName(issuer);
  const organizationIdentifier = subject.rdns.flat().find((atv) => atv.oid === ORGANIZATION_IDENTIFIER_OID)?.text;
  return {
    x509,
    der,
    base64: Buffer.from(der).toString("base64"),
    serialNumber,
    serial: BigInt(`0x${serialNumber}`),
    serialOctets,
    issuer,
    issuerName,
    subject,
    subjectName: formatDistinguishedName(subject),
    keyId: formatKeyId(serialNumber, issuerName),
    notBefore: fields.notBefore,
    notAfter: fields.notAfter,
    publicKey: x509.publicKey,
    subjectPublicKeyInfo: der.subarray(fields.subjectPublicKeyInfo.start, fields.subjectPublicKeyInfo.end),
    ...(organizationIdentifier === undefined ? {} : { organizationIdentifier }),
    get extensions(): readonly CertificateExtension[] {
      return readExtensions();
    },
  };
}
