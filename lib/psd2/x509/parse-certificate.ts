import { type KeyObject, X509Certificate } from "node:crypto";
import { ORGANIZATION_IDENTIFIER_OID } from "./attribute-types";
import type { DistinguishedName } from "./distinguished-name";
import { formatDistinguishedName } from "./format-distinguished-name";
import { formatSerialNumber } from "./format-serial-number";
import { formatKeyId } from "./key-id";
import { DER_TAG, type DerElement, expectDerTag, readDerChildren, readDerElement } from "./read-der-element";
import { readDistinguishedName } from "./read-distinguished-name";
import { X509Error } from "./x509-error";

/** A certificate read once, with everything signing and verification need precomputed. */
export interface ParsedCertificate {
  readonly x509: X509Certificate;
  /** The DER encoding. */
  readonly der: Uint8Array;
  /** The DER encoding as one-line Base64 (the TPP-Signature-Certificate value). @see supplement.md §9.6 */
  readonly base64: string;
  /** The serial in keyId form: upper-case hex without leading zeros. */
  readonly serialNumber: string;
  readonly serial: bigint;
  readonly issuer: DistinguishedName;
  /** The issuer as RFC 2253 in Java's X500Principal.getName() form. */
  readonly issuerName: string;
  readonly subject: DistinguishedName;
  /** The subject as RFC 2253 in Java's X500Principal.getName() form. */
  readonly subjectName: string;
  /** `SN=<serialNumber>,CA=<issuerName>`. */
  readonly keyId: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly publicKey: KeyObject;
  /** The subject's organizationIdentifier (2.5.4.97), e.g. `PSDNO-FSA-123456`, when present. */
  readonly organizationIdentifier?: string;
}

/** A certificate as PEM, as Base64 DER (with or without line breaks), as DER bytes, or already parsed by Node. */
export type CertificateInput = string | Uint8Array | X509Certificate;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/;
const WHITESPACE = /\s+/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/;

function decodeBase64Certificate(text: string): Buffer {
  const pem = PEM_CERTIFICATE.exec(text);
  const body = (pem === null ? text : (pem[1] ?? "")).replace(WHITESPACE, "");
  if (body === "" || !BASE64.test(body) || body.length % 4 === 1) {
    throw new X509Error("CERTIFICATE_INVALID", "the certificate is neither PEM nor Base64-encoded DER");
  }
  return Buffer.from(body, "base64");
}

function readTime(bytes: Uint8Array, element: DerElement | undefined, field: string): Date {
  if (element === undefined) throw new X509Error("DER_SYNTAX", `${field} is missing`);
  const text = Buffer.from(bytes.subarray(element.contentStart, element.end)).toString("latin1");
  let parts: RegExpExecArray | null = null;
  let year = 0;
  if (element.tag === DER_TAG.UTC_TIME && (parts = UTC_TIME.exec(text)) !== null) {
    const yy = Number(parts[1]);
    year = yy >= 50 ? 1900 + yy : 2000 + yy; // RFC 5280 §4.1.2.5.1
  } else if (element.tag === DER_TAG.GENERALIZED_TIME && (parts = GENERALIZED_TIME.exec(text)) !== null) {
    year = Number(parts[1]);
  }
  if (parts === null) {
    throw new X509Error("DER_SYNTAX", `${field} '${text}' is not a UTCTime or GeneralizedTime in UTC`);
  }
  const [, , month, day, hour, minute, second] = parts.map(Number);
  return new Date(Date.UTC(year, (month ?? 1) - 1, day, hour, minute, second));
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

/**
 * Reads a certificate once: serial (keyId form), issuer and subject (as names and as Java-style
 * RFC 2253 strings), keyId, validity, public key and organizationIdentifier.
 * @see supplement.md §9.4, §9.6 and §10
 * @see RFC 5280 §4.1
 */
export function parseCertificate(input: CertificateInput): ParsedCertificate {
  const x509 = toX509(input);
  const der = Uint8Array.from(x509.raw);
  try {
    const certificate = expectDerTag(readDerElement(der, 0), DER_TAG.SEQUENCE, "Certificate");
    const [tbs] = readDerChildren(der, certificate);
    const fields = readDerChildren(der, expectDerTag(tbs, DER_TAG.SEQUENCE, "TBSCertificate"));
    const offset = fields[0]?.tag === DER_TAG.CONTEXT_0 ? 1 : 0; // [0] EXPLICIT version is optional
    const serial = expectDerTag(fields[offset], DER_TAG.INTEGER, "serialNumber");
    const issuerElement = expectDerTag(fields[offset + 2], DER_TAG.SEQUENCE, "issuer");
    const validity = readDerChildren(der, expectDerTag(fields[offset + 3], DER_TAG.SEQUENCE, "validity"));
    const subjectElement = expectDerTag(fields[offset + 4], DER_TAG.SEQUENCE, "subject");

    const serialNumber = formatSerialNumber(der.subarray(serial.contentStart, serial.end));
    const issuer = readDistinguishedName(der, issuerElement);
    const subject = readDistinguishedName(der, subjectElement);
    const issuerName = formatDistinguishedName(issuer);
    const organizationIdentifier = subject.rdns.flat().find((atv) => atv.oid === ORGANIZATION_IDENTIFIER_OID)?.text;
    return {
      x509,
      der,
      base64: Buffer.from(der).toString("base64"),
      serialNumber,
      serial: BigInt(`0x${serialNumber}`),
      issuer,
      issuerName,
      subject,
      subjectName: formatDistinguishedName(subject),
      keyId: formatKeyId(serialNumber, issuerName),
      notBefore: readTime(der, validity[0], "notBefore"),
      notAfter: readTime(der, validity[1], "notAfter"),
      publicKey: x509.publicKey,
      ...(organizationIdentifier === undefined ? {} : { organizationIdentifier }),
    };
  } catch (error) {
    if (error instanceof X509Error && error.code === "DER_SYNTAX") {
      throw new X509Error("CERTIFICATE_INVALID", `the certificate cannot be read: ${error.message}`, { cause: error });
    }
    throw error;
  }
}
