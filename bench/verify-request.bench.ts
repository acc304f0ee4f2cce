import { createCertificateCache, verifyRequest } from "../lib/psd2/signing";
import { loadTrustAnchors } from "../lib/psd2/x509";
import { compareThroughput, type MeasureOptions } from "./measure";
import { createSigningFixture } from "./sign-request.bench";

/**
 * verifyWithCertificateCacheVsWithout: the bank's strict verification of a signed payment request
 * (digest, signing string, keyId, certificate chain, validity, RSA verify) with the certificate
 * cache it keeps across requests, against the same verification parsing the certificate and
 * searching its chain every time. Above 1.0: what the cache saves per request.
 */
export async function verifyWithCertificateCacheVsWithout(options: MeasureOptions): Promise<number> {
  const { ca, signer, request } = createSigningFixture();
  const signed = { ...request, headers: { ...request.headers, ...signer.sign(request).headers } };
  const trustAnchors = loadTrustAnchors(ca.certificatePem);
  const now = new Date();
  const certificateCache = createCertificateCache();
  const verify = (cache?: ReturnType<typeof createCertificateCache>) => {
    const result = verifyRequest(signed, { mode: "strict", trustAnchors, now, ...(cache ? { certificateCache: cache } : {}) });
    if (result.verdict !== "PASS")
      throw new Error(`the bench request does not verify: ${result.failures.map((f) => f.message).join("; ")}`);
  };
  return compareThroughput(
    () => verify(certificateCache),
    () => verify(),
    options,
  );
}
