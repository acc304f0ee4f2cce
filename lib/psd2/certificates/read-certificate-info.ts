/**
 * What the bank and the TPP need to know about a certificate, read once (at registration or at
 * start), not per request.
 *
 * Robust: any key type is read; a certificate without QC statements, or without the PSD2 one,
 * has roles [] and competentAuthority null; malformed input throws CertificateError
 * (PEM_INVALID or CERTIFICATE_PARSE) naming the field.
 *
 * @see ETSI TS 119 495 §5.1 and §5.2.1, RFC 5280 §4.1, docs/interface/request-signing.md#request-signing and docs/interface/certificates.md#certificates-and-tpp-registration
 */
import { DER_TAG, type ParsedCertificate, readDerBoolean, readDerSequence, readDerValue } from "../x509";
import { withCertificateParseErrors } from "./certificate-error";
import { decodeQcStatements } from "./decode-qc-statements";
import { formatReadableName, nameAttribute } from "./distinguished-name";
import { type CompetentAuthority } from "./encode-qc-statements";
import { OID } from "./oids";
import { type Psd2Role } from "./psd2-roles";
import { readCertificate } from "./read-certificate";

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
  const der = extension.value;
  const [first] = readDerSequence(der, readDerValue(der, "basicConstraints"), "basicConstraints");
  return first !== undefined && first.tag === DER_TAG.BOOLEAN && readDerBoolean(der, first, "basicConstraints.cA");
}

function infoOf(parsed: ParsedCertificate): CertificateInfo {
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
    serialNumber: parsed.serialNumber,
    subject: formatReadableName(parsed.subject),
    issuer: formatReadableName(parsed.issuer),
    isCa: isCa(parsed),
    keyId: parsed.keyId,
  };
}

/**
 * Reads roles, organisation, authority, validity, serial, names and keyId from PEM, Base64 DER or
 * DER, or from a certificate lib/psd2/x509 already parsed (the verifier's, cached per header:
 * then no second parse, only its extensions and names are read).
 * @see ETSI TS 119 495 §5.1
 */
export function readCertificateInfo(certificate: string | Uint8Array | ParsedCertificate): CertificateInfo {
  const parsed = typeof certificate === "string" || certificate instanceof Uint8Array ? readCertificate(certificate) : certificate;
  return withCertificateParseErrors(() => infoOf(parsed));
}
