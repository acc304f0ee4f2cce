/**
 * Object identifiers used by this module.
 *
 * @see ETSI EN 319 412-5 §4 (QC statements), ETSI TS 119 495 §5.1 (PSD2 QC statement), RFC 5280 §4.2
 */
export const OID = {
  sha256WithRsaEncryption: "1.2.840.113549.1.1.11",
  rsaEncryption: "1.2.840.113549.1.1.1",
  // RFC 5280 extensions
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  basicConstraints: "2.5.29.19",
  authorityKeyIdentifier: "2.5.29.35",
  subjectAltName: "2.5.29.17",
  extKeyUsage: "2.5.29.37",
  // RFC 5280 §4.2.1.12 key purposes
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
  qcStatements: "1.3.6.1.5.5.7.1.3",
  // ETSI EN 319 412-5
  qcCompliance: "0.4.0.1862.1.1",
  qcType: "0.4.0.1862.1.6",
  qcTypeEsign: "0.4.0.1862.1.6.1",
  qcTypeEseal: "0.4.0.1862.1.6.2",
  qcTypeWeb: "0.4.0.1862.1.6.3",
  // ETSI TS 119 495
  psd2QcStatement: "0.4.0.19495.2",
  // X.520 attribute types
  commonName: "2.5.4.3",
  countryName: "2.5.4.6",
  organizationName: "2.5.4.10",
  organizationIdentifier: "2.5.4.97",
  // RFC 7292 §4.2 bag types
  keyBag: "1.2.840.113549.1.12.10.1.1",
  pkcs8ShroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
  certBag: "1.2.840.113549.1.12.10.1.3",
} as const;
