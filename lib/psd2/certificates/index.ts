/**
 * Certificates for the sandbox PKI and for reading TPP certificates: a sandbox CA, TPP and seal
 * certificates with the ETSI PSD2 QC statement, reading them back, loading PEM and PKCS#12.
 *
 * Issue and read once (at start, at registration, in the developer portal); never per request.
 *
 * @see ETSI TS 119 495 §5.1, docs/interface/certificates.md#certificates-and-tpp-registration, RFC 5280
 */
export { CertificateError } from "./certificate-error";
export { isPsd2Role, type Psd2Role } from "./psd2-roles";
export { generateRsaKeyPairAsync } from "./generate-rsa-key-pair";
export { createCertificateAuthority } from "./create-certificate-authority";
export { issueTppCertificate } from "./issue-tpp-certificate";
export { issueSealCertificate } from "./issue-seal-certificate";
export { type CertificateIssuer } from "./issue-eseal-certificate";
export { DEFAULT_COMPETENT_AUTHORITY } from "./encode-qc-statements";
export { decodeQcStatements } from "./decode-qc-statements";
export { readCertificateInfo } from "./read-certificate-info";
export { loadPemBundle } from "./load-pem-bundle";
export { loadCertificatePem } from "./load-certificate-pem";
export { loadPrivateKeyPem } from "./load-private-key-pem";
export { loadPkcs12 } from "./load-pkcs12";
export { privateKeyMatchesCertificate } from "./private-key-matches-certificate";
export { issueTlsServerCertificate, issueTppTlsClientCertificate } from "./issue-tls-certificates";
