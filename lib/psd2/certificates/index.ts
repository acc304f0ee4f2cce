/**
 * Certificates for the sandbox PKI and for reading TPP certificates: a sandbox CA, TPP and seal
 * certificates with the ETSI PSD2 QC statement, reading them back, loading PEM and PKCS#12.
 *
 * Issue and read once (at start, at registration, in the developer portal); never per request.
 *
 * @see ETSI TS 119 495 §5.1, supplement.md §10, RFC 5280
 */
export { CERTIFICATE_ERROR_CODES, CertificateError, type CertificateErrorCode } from "./certificate-error";
export { isPsd2Role, PSD2_ROLE_OIDS, PSD2_ROLES, psd2RoleOfOid, type Psd2Role } from "./psd2-roles";
export { generateRsaKeyPair, generateRsaKeyPairAsync, type RsaKeyPair, type RsaModulusLength } from "./generate-rsa-key-pair";
export { createCertificateAuthority, type CertificateAuthority, type CertificateAuthorityOptions } from "./create-certificate-authority";
export { issueTppCertificate, type TppCertificateOptions } from "./issue-tpp-certificate";
export { issueSealCertificate, type SealCertificateOptions } from "./issue-seal-certificate";
export { type CertificateIssuer } from "./issue-eseal-certificate";
export { type IssuedCertificate, type SubjectKey } from "./issue-options";
export { DEFAULT_COMPETENT_AUTHORITY, encodeQcStatements, type CompetentAuthority, type QcStatementsOptions } from "./encode-qc-statements";
export { decodeQcStatements, type QcStatements } from "./decode-qc-statements";
export { readCertificateInfo, type CertificateInfo } from "./read-certificate-info";
export { loadPemBundle, type PemBundle } from "./load-pem-bundle";
export { loadCertificatePem } from "./load-certificate-pem";
export { loadPrivateKeyPem } from "./load-private-key-pem";
export { loadPkcs12, type Pkcs12Contents } from "./load-pkcs12";
export { privateKeyMatchesCertificate } from "./private-key-matches-certificate";
export { issueTlsServerCertificate, issueTppTlsClientCertificate, type TlsServerCertificateOptions } from "./issue-tls-certificates";
