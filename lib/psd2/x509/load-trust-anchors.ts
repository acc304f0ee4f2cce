import { type ParsedCertificate, parseCertificate } from "./parse-certificate";
import { X509Error } from "./x509-error";

/** A CA certificate whose key the verifier trusts. */
export type TrustAnchor = ParsedCertificate;

const PEM_CERTIFICATES = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * Reads every certificate of a PEM bundle (the caller reads the file) as trust anchors.
 * @see docs/interface/certificates.md#trust-anchors (extra trust anchors from a PEM file)
 */
export function loadTrustAnchors(pem: string): readonly TrustAnchor[] {
  const blocks = pem.match(PEM_CERTIFICATES) ?? [];
  if (blocks.length === 0) {
    throw new X509Error("PEM_SYNTAX", "the trust anchor bundle holds no '-----BEGIN CERTIFICATE-----' block");
  }
  return Object.freeze(
    blocks.map((block, i) => {
      try {
        return parseCertificate(block);
      } catch (error) {
        throw new X509Error("PEM_SYNTAX", `certificate ${i + 1} of the trust anchor bundle cannot be read`, { cause: error });
      }
    }),
  );
}
