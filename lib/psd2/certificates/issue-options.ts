/**
 * What the create and issue functions share: option checks with messages naming the option, the
 * validity window from the clock, the subject key, and the result's shape.
 */
import { createPublicKey, type KeyObject } from "node:crypto";
import { CertificateError } from "./certificate-error";
import { generateRsaKeyPair, type RsaModulusLength } from "./generate-rsa-key-pair";
import { privateKeyToPkcs8Pem, readPrivateKey, readPublicKey, requireRsaKey } from "./keys";
import { writePem } from "./pem";

/** The key a certificate is issued for: a private key (kept and returned) or only a public key. */
export type SubjectKey = { readonly privateKeyPem: string } | { readonly publicKeyPem: string };

export interface IssuedCertificate {
  /** The certificate as PEM ("BEGIN CERTIFICATE"), normal form. */
  readonly certificatePem: string;
  /** The certificate's DER as one line of Base64: the TPP-Signature-Certificate header's form. */
  readonly certificateBase64: string;
  /** The subject's private key as PKCS#8 PEM; null when only a public key was given. */
  readonly privateKeyPem: string | null;
  /** Upper-case hex without leading zeros: the keyId's SN form. */
  readonly serialNumber: string;
}

const MAX_VALIDITY_DAYS = 100 * 366;

/** A non-empty directory string of at most `max` characters (RFC 5280 Appendix A upper bounds). */
export function checkText(value: string, option: string, max = 64): void {
  if (value.trim().length === 0 || value.length > max || value !== value.trim()) {
    throw new CertificateError("OPTIONS_INVALID", `${option} must be 1 to ${max} characters without leading or trailing spaces`);
  }
}

export function checkCountry(value: string): void {
  if (!/^[A-Z]{2}$/.test(value)) {
    throw new CertificateError("OPTIONS_INVALID", `country "${value}" must be an ISO 3166 code of two capitals, e.g. NO`);
  }
}

/** notBefore = now to the whole second (DER times have no fractions), notAfter = + days. */
export function validityFrom(now: Date, validityDays: number): { notBefore: Date; notAfter: Date } {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new CertificateError("OPTIONS_INVALID", "now must be a valid Date");
  }
  if (!Number.isInteger(validityDays) || validityDays < 1 || validityDays > MAX_VALIDITY_DAYS) {
    throw new CertificateError("OPTIONS_INVALID", `validityDays must be a whole number from 1 to ${MAX_VALIDITY_DAYS}`);
  }
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return { notBefore, notAfter: new Date(notBefore.getTime() + validityDays * 86_400_000) };
}

/** The subject's public key, and its private key as PKCS#8 PEM when known; generates when absent. */
export function resolveSubjectKey(
  subjectKey: SubjectKey | undefined,
  modulusLength: RsaModulusLength,
): { publicKey: KeyObject; privateKeyPem: string | null } {
  if (subjectKey === undefined) {
    const generated = generateRsaKeyPair(modulusLength);
    return { publicKey: createPublicKey(generated.publicKeyPem), privateKeyPem: generated.privateKeyPem };
  }
  if ("privateKeyPem" in subjectKey) {
    const privateKey = readPrivateKey(subjectKey.privateKeyPem, "subjectKey.privateKeyPem");
    requireRsaKey(privateKey, "subjectKey.privateKeyPem");
    return { publicKey: createPublicKey(privateKey), privateKeyPem: privateKeyToPkcs8Pem(privateKey) };
  }
  const publicKey = readPublicKey(subjectKey.publicKeyPem, "subjectKey.publicKeyPem");
  requireRsaKey(publicKey, "subjectKey.publicKeyPem");
  return { publicKey, privateKeyPem: null };
}

export function issuedCertificateOf(der: Uint8Array, serialNumber: string, privateKeyPem: string | null): IssuedCertificate {
  return {
    certificatePem: writePem("CERTIFICATE", der),
    certificateBase64: Buffer.from(der).toString("base64"),
    privateKeyPem,
    serialNumber,
  };
}
