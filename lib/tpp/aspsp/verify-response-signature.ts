import { type CertificateCache, decodeHeaderOctets, verifyResponse } from "../../psd2/signing";
import type { TrustAnchor } from "../../psd2/x509";

/**
 * What the TPP made of a reply's signature: verified against the trust anchors; failed (with
 * each failed check in words); unsigned (no Signature header at all); unchecked (no trust anchors
 * to check against).
 * @see docs/interface/request-signing.md#response-signing
 */
export type ResponseSignatureVerdict =
  | { readonly status: "verified"; readonly keyId: string }
  | { readonly status: "failed"; readonly problems: readonly string[]; readonly keyId?: string }
  | { readonly status: "unsigned" }
  | { readonly status: "unchecked"; readonly reason: string };

export type ResponseHeaderValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Node and undici hand header octets over as latin1; the signature covers their UTF-8 reading. */
function unicodeHeaders(headers: ResponseHeaderValues): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name] = typeof value === "string" ? decodeHeaderOctets(value) : value.map(decodeHeaderOctets);
  }
  return result;
}

/**
 * Verifies a bank reply's signature as docs/interface/request-signing.md#request-signing has the bank sign it: Digest of the body as
 * received, Signature over `date digest x-request-id`, the seal in ASPSP-Signature-Certificate,
 * chained to a trust anchor (strict mode: the canonical spellings only).
 * @see docs/interface/request-signing.md#response-signing
 */
export function verifyResponseSignature(
  response: { readonly headers: ResponseHeaderValues; readonly body: Uint8Array },
  options: { readonly trustAnchors: readonly TrustAnchor[] | undefined; readonly now: Date; readonly certificateCache?: CertificateCache },
): ResponseSignatureVerdict {
  const headers = unicodeHeaders(response.headers);
  const hasSignature = Object.keys(headers).some((name) => name.toLowerCase() === "signature");
  if (!hasSignature) return { status: "unsigned" };
  if (options.trustAnchors === undefined || options.trustAnchors.length === 0) {
    return { status: "unchecked", reason: "no trust anchors for the bank's signing certificate are configured (ASPSP_TRUST_ANCHORS)" };
  }
  const result = verifyResponse(
    { headers, body: response.body },
    {
      mode: "strict",
      trustAnchors: options.trustAnchors,
      now: options.now,
      ...(options.certificateCache === undefined ? {} : { certificateCache: options.certificateCache }),
    },
  );
  const keyId = result.certificate?.keyId;
  if (result.verdict === "PASS") return { status: "verified", keyId: keyId ?? "" };
  return {
    status: "failed",
    problems: result.failures.map((failure) => `${failure.message} (check ${failure.check})`),
    ...(keyId === undefined ? {} : { keyId }),
  };
}
