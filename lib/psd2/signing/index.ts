export { type CertificateCache, createCertificateCache } from "./certificate-cache";
export { computeDigest, isDigestAlgorithm } from "./compute-digest";
export { createRequestId } from "./create-request-id";
export { createRequestSigner, type RequestSigner } from "./create-request-signer";
export { decodeHeaderOctets } from "./decode-header-octets";
export { decodeRfc2047, isRfc2047Encoded } from "./decode-rfc2047";
export { formatHttpDate } from "./format-http-date";
export { createHeaderLookup } from "./header-lookup";
export { parseSignatureHeader } from "./parse-signature-header";
export { SigningError } from "./signing-error";
export type { VerificationFailure } from "./verify-message";
export { verifyRequest, verifyResponse } from "./verify-request";
// The certificate side of signing, for callers that import only lib/psd2/signing.
export { loadTrustAnchors, type TrustAnchor } from "../x509";
