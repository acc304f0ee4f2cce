export { describeAttributeType, findAttributeOid, findRfc2253Keyword, ORGANIZATION_IDENTIFIER_OID } from "./attribute-types";
export { type DecodeDirectoryStringOptions, decodeDirectoryString, readDirectoryString } from "./decode-directory-string";
export { decodeOid, isDottedOid, readDerOid } from "./decode-oid";
export type { AttributeTypeAndValue, DistinguishedName, RelativeDistinguishedName } from "./distinguished-name";
export { formatDistinguishedName } from "./format-distinguished-name";
export { formatSerialNumber, parseSerialNumber } from "./format-serial-number";
export { isSameDistinguishedName } from "./is-same-distinguished-name";
export { formatKeyId, type KeyIdParts, parseKeyId } from "./key-id";
export { keyIdFromCertificate } from "./key-id-from-certificate";
export { loadTrustAnchors, type TrustAnchor } from "./load-trust-anchors";
export { type CertificateInput, type ParseCertificateOptions, type ParsedCertificate, parseCertificate } from "./parse-certificate";
export { type CertificateExtension, readCertificateExtensions } from "./read-certificate-extensions";
export { type ParseDistinguishedNameOptions, parseDistinguishedName } from "./parse-distinguished-name";
export {
  byteAt,
  DER_TAG,
  derContents,
  type DerElement,
  type DerReadOptions,
  expectDerTag,
  readDerBoolean,
  readDerChildren,
  readDerElement,
  readDerSequence,
  readDerValue,
} from "./read-der-element";
export { readDerTime } from "./read-der-time";
export { readDistinguishedName } from "./read-distinguished-name";
export {
  type ChainVerdict,
  checkCertificateChain,
  findCertificateIssuers,
  type IssuerSearch,
  verifyCertificateChain,
} from "./verify-certificate-chain";
export { X509Error, type X509ErrorCode } from "./x509-error";
