import type { HttpMessage, HttpRequest } from "./header-lookup";
import { type MessageProfile, type VerificationResult, verifyMessage, type VerifyOptions } from "./verify-message";

const REQUEST_CONDITIONAL_HEADERS = ["date", "psu-id", "psu-corporate-id", "tpp-redirect-uri"] as const;
const RESPONSE_PROFILE: MessageProfile = {
  kind: "response",
  certificateHeader: "aspsp-signature-certificate",
  conditionalHeaders: ["date"],
};

/**
 * Verifies a signed request as the bank does: Signature and TPP-Signature-Certificate present;
 * Digest; Signature syntax (RFC 2047 when wrapped); algorithm; header policy; certificate
 * validity at `now`; chain to a trust anchor by signature; keyId SN and CA; RSA verify. Header
 * values must be Unicode strings (on a Node server, pass them through decodeHeaderOctets) and the
 * body the octets received. Returns the verdict, the code by ERROR_CODE_PRIORITY, and every
 * failed check.
 * @see docs/interface/request-signing.md#the-banks-checks
 */
export function verifyRequest(request: HttpRequest, options: VerifyOptions): VerificationResult {
  return verifyMessage(
    request,
    {
      kind: "request",
      certificateHeader: "tpp-signature-certificate",
      conditionalHeaders: REQUEST_CONDITIONAL_HEADERS,
      requestTarget: request,
    },
    options,
  );
}

/**
 * Verifies a signed response as a TPP should: the same checks, with the certificate in
 * ASPSP-Signature-Certificate and Date the only conditional header.
 * @see docs/interface/request-signing.md#response-signing
 */
export function verifyResponse(response: HttpMessage, options: VerifyOptions): VerificationResult {
  return verifyMessage(response, RESPONSE_PROFILE, options);
}
