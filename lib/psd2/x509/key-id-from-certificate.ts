import { type CertificateInput, type ParsedCertificate, parseCertificate } from "./parse-certificate";

function isParsedCertificate(value: CertificateInput | ParsedCertificate): value is ParsedCertificate {
  return typeof value === "object" && "keyId" in value && "x509" in value;
}

/**
 * The keyId of a certificate: `SN=<serial, upper-case hex, no leading zeros>,CA=<issuer, RFC 2253
 * in Java's X500Principal.getName() form>`.
 * @see docs/interface/request-signing.md#signature-header
 */
export function keyIdFromCertificate(certificate: CertificateInput | ParsedCertificate): string {
  return (isParsedCertificate(certificate) ? certificate : parseCertificate(certificate)).keyId;
}
