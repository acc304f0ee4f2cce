export { buildSigningString, REQUEST_TARGET, type RequestTarget } from "./build-signing-string";
export { type CertificateCache, type CertificateCacheEntry, createCertificateCache } from "./certificate-cache";
export { computeDigest, type DigestAlgorithm, type DigestEntry, isDigestAlgorithm, parseDigestHeader } from "./compute-digest";
export { createRequestId } from "./create-request-id";
export {
  createRequestSigner,
  RESPONSE_SIGNED_HEADER_ORDER,
  type RequestSigner,
  type RequestSignerOptions,
  type ResponseSignOptions,
  type SignatureResult,
  type SignedHeaders,
  type SignedRequestHeaders,
  type SignedResponseHeaders,
  type SignOptions,
  TPP_SIGNED_HEADER_ORDER,
} from "./create-request-signer";
export { decodeHeaderOctets, encodeHeaderOctets } from "./decode-header-octets";
export { decodeRfc2047, isRfc2047Encoded } from "./decode-rfc2047";
export { encodeRfc2047 } from "./encode-rfc2047";
export { formatHttpDate } from "./format-http-date";
export { formatSignatureHeader, type SignatureHeaderParts } from "./format-signature-header";
export { createHeaderLookup, type HeaderValues, type HttpMessage, type HttpRequest } from "./header-lookup";
export { parseSignatureHeader, type SignatureParameters } from "./parse-signature-header";
export { SigningError, type SigningErrorCode } from "./signing-error";
export {
  codeOfCheck,
  ERROR_CODE_PRIORITY,
  rankOfCheck,
  selectErrorCode,
  type SignatureErrorCode,
  VERIFICATION_CHECKS,
  type VerificationCheck,
} from "./verification-checks";
export type { MessageProfile, VerificationFailure, VerificationMode, VerificationResult, VerifyOptions } from "./verify-message";
export { verifyRequest, verifyResponse } from "./verify-request";
// The certificate side of signing, for callers that import only lib/psd2/signing.
export {
  type CertificateInput,
  keyIdFromCertificate,
  loadTrustAnchors,
  type ParsedCertificate,
  parseCertificate,
  parseKeyId,
  type TrustAnchor,
} from "../x509";
