/**
 * What the bank and the TPP need to know about a certificate, read once (at registration or at
 * start), not per request.
 *
 * Robust: any key type is read; a certificate without QC statements, or without the PSD2 one,
 * has roles [] and competentAuthority null; malformed input throws CertificateError
 * (PEM_INVALID or CERTIFICATE_PARSE) naming the field.
 *
 * @see ETSI TS 119 495 §5.1 and §5.2.1, RFC 5280 §4.1, supplement.md §9 and §10
 */
import { formatSerialNumber, keyIdFromCertificate, X509Error } from "../x509";
import { CertificateError } from "./certificate-error";
import { decodeBoolean, readDer, sequenceOf } from "./der-reader";
import { decodeQcStatements } from "./decode-qc-statements";
import { formatReadableName, nameAttribute } from "./distinguished-name";
import { type CompetentAuthority } from "./encode-qc-statements";
import { OID } from "./oids";
import { certificateDerOf, parseCertificateDer, type ParsedCertificate } from "./parse-certificate";
import { type Psd2Role } from "./psd2-roles";

export interface CertificateInfo {
  /** PSD2 roles in the certificate's order; [] without a PSD2 QC statement. */
  readonly roles: readonly Psd2Role[];
  /** The subject's organizationIdentifier (2.5.4.97), e.g. "PSDNO-FSA-123456". */
  readonly organizationIdentifier: string | null;
  /** The subject's O. */
  readonly organizationName: string | null;
  /** The subject's CN. */
  readonly commonName: string | null;
  /** From the PSD2 QC statement: nCAName and nCAId. */
  readonly competentAuthority: CompetentAuthority | null;
  /** ISO 8601, e.g. "2025-01-01T00:00:00.000Z". */
  readonly notBefore: string;
  readonly notAfter: string;
  /** Upper-case hex without leading zeros. */
  readonly serialNumber: string;
  /** Readable, most specific first: "CN=..., organizationIdentifier=..., O=..., C=NO". */
  readonly subject: string;
  readonly issuer: string;
  /** basicConstraints CA:TRUE. */
  readonly isCa: boolean;
  /** The Signature header's keyId for this certificate: `SN=<serial>,CA=<issuer>`. */
  readonly keyId: string;
}

function isCa(certificate: ParsedCertificate): boolean {
  const extension = certificate.extensions.find((e) => e.oid === OID.basicConstraints);
  if (extension === undefined) return false;
  const [first] = sequenceOf(readDer(extension.value, "basicConstraints"), "basicConstraints");
  return first !== undefined && first.tag === 0x01 && decodeBoolean(first, "basicConstraints.cA");
}

/** lib/psd2/x509 owns the keyId form (Java's X500Principal.getName()); its errors become ours. */
function keyIdOf(der: Uint8Array): string {
  try {
    return keyIdFromCertificate(der);
  } catch (error) {
    if (error instanceof X509Error) {
      throw new CertificateError("CERTIFICATE_PARSE", `certificate: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** Reads roles, organisation, authority, validity, serial, names and keyId from PEM, Base64 DER or DER. @see ETSI TS 119 495 §5.1 */
export function readCertificateInfo(certificate: string | Uint8Array): CertificateInfo {
  const parsed = parseCertificateDer(certificateDerOf(certificate));
  const qc = parsed.extensions.find((e) => e.oid === OID.qcStatements);
  const psd2 = qc === undefined ? null : decodeQcStatements(qc.value).psd2;
  return {
    roles: psd2?.roles ?? [],
    organizationIdentifier: nameAttribute(parsed.subject, OID.organizationIdentifier),
    organizationName: nameAttribute(parsed.subject, OID.organizationName),
    commonName: nameAttribute(parsed.subject, OID.commonName),
    competentAuthority: psd2?.competentAuthority ?? null,
    notBefore: parsed.notBefore.toISOString(),
    notAfter: parsed.notAfter.toISOString(),
    serialNumber: formatSerialNumber(parsed.serial),
    subject: formatReadableName(parsed.subject),
    issuer: formatReadableName(parsed.issuer),
    isCa: isCa(parsed),
    keyId: keyIdOf(parsed.der),
  };
}
