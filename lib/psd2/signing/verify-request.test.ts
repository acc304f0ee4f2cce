import { describe, expect, it } from "vitest";
import { loadTrustAnchors } from "../x509";
import { createCertificateCache } from "./certificate-cache";
import { loadVectors, readVectorFile } from "./test-vectors.test-support";
import { verifyRequest } from "./verify-request";

const vectors = loadVectors();
const trustAnchors = loadTrustAnchors(readVectorFile("keys/trusted-cas.pem"));
const now = new Date("2026-01-01T00:00:00Z");

describe("verifyRequest against every shared vector (supplement §9.7)", () => {
  it("finds all 38 vectors", () => {
    expect(vectors).toHaveLength(38);
  });

  describe.each(vectors.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    it("lenient mode reaches verdict and failures", () => {
      const result = verifyRequest(vector.request, { mode: "lenient", trustAnchors, now });
      expect(result.failures.map((failure) => failure.check)).toEqual(vector.expected.failures);
      expect(result.verdict).toBe(vector.expected.verdict);
      if (result.verdict === "FAIL") expect(result.code).toBe(vector.expected.code);
      else expect(result.code).toBeNull();
    });

    it("strict mode reaches strictVerdict and strictFailures", () => {
      const result = verifyRequest(vector.request, { mode: "strict", trustAnchors, now });
      expect(result.failures.map((failure) => failure.check)).toEqual(vector.expected.strictFailures);
      expect(result.verdict).toBe(vector.expected.strictVerdict);
      if (result.verdict === "FAIL") expect(result.code).toBe(vector.expected.code);
      else expect(result.code).toBeNull();
    });

    it("rebuilds the vector's signing string when every listed header is present", () => {
      const result = verifyRequest(vector.request, { mode: "lenient", trustAnchors, now });
      if (result.signingString !== undefined) expect(result.signingString).toBe(vector.expected.signingString);
    });
  });

  it("gives the same verdicts through a shared certificate cache", () => {
    const certificateCache = createCertificateCache({ maxEntries: 3 });
    for (const round of [1, 2]) {
      for (const vector of vectors) {
        const result = verifyRequest(vector.request, { mode: "strict", trustAnchors, now, certificateCache });
        expect(
          result.failures.map((failure) => failure.check),
          `${vector.id} round ${round}`,
        ).toEqual(vector.expected.strictFailures);
      }
    }
    expect(certificateCache.size).toBeLessThanOrEqual(3);
  });
});

describe("the certificate header's form: strict takes only one line of Base64 DER (supplement §9.6)", () => {
  const vector = vectors.find((candidate) => candidate.id.startsWith("P01"));
  if (!vector) throw new Error("vector P01 is missing");
  const canonical = vector.request.headers["TPP-Signature-Certificate"] ?? "";
  const der = Buffer.from(canonical, "base64");
  const withCertificate = (value: string) => ({
    ...vector.request,
    headers: { ...vector.request.headers, "TPP-Signature-Certificate": value },
  });

  it.each([
    ["PEM armour on one line", `-----BEGIN CERTIFICATE-----${canonical}-----END CERTIFICATE-----`, /PEM armour/],
    ["spaces inside", `${canonical.slice(0, 64)} ${canonical.slice(64)}`, /spaces or line breaks/],
    ["a second certificate after it", Buffer.concat([der, der]).toString("base64"), /more follows the certificate/],
    ["bytes after the DER", Buffer.concat([der, Buffer.from([0, 0, 0])]).toString("base64"), /more follows the certificate/],
  ])("%s: strict CERTIFICATE_INVALID (certificate.format), lenient as before", (_label, value, reason) => {
    const strict = verifyRequest(withCertificate(value), { mode: "strict", trustAnchors, now });
    expect(strict.verdict).toBe("FAIL");
    expect(strict.code).toBe("CERTIFICATE_INVALID");
    const failure = strict.failures.find((candidate) => candidate.check === "certificate.format");
    expect(failure?.message).toMatch(reason);
    const lenient = verifyRequest(withCertificate(value), { mode: "lenient", trustAnchors, now });
    expect(lenient.failures.map((candidate) => candidate.check)).not.toContain("certificate.format");
  });

  it("the canonical form passes strictly", () => {
    expect(verifyRequest(vector.request, { mode: "strict", trustAnchors, now }).verdict).toBe("PASS");
  });
});

describe('failure messages stay short whatever the request echoes (psd2-interface.md "Limits": 512)', () => {
  const vector = vectors.find((candidate) => candidate.id.startsWith("P01"));
  if (!vector) throw new Error("vector P01 is missing");
  const long = "A".repeat(8000);

  it.each([
    ["Digest", { Digest: `SHA-256=${long}` }],
    ["Digest algorithms", { Digest: Array.from({ length: 200 }, (_, i) => `X-${i}=${long.slice(0, 40)}`).join(",") }],
    ["keyId", { Signature: (vector.request.headers.Signature ?? "").replace(/keyId="[^"]*"/, `keyId="SN=${long},CA=CN=${long}"`) }],
    ["headers", { Signature: (vector.request.headers.Signature ?? "").replace(/headers="[^"]*"/, `headers="${"x-a ".repeat(2000)}"`) }],
    ["algorithm", { Signature: (vector.request.headers.Signature ?? "").replace(/algorithm="[^"]*"/, `algorithm="${long}"`) }],
  ])("an echoed %s is cut", (_label, headers) => {
    const result = verifyRequest(
      { ...vector.request, headers: { ...vector.request.headers, ...headers } },
      { mode: "strict", trustAnchors, now },
    );
    expect(result.verdict).toBe("FAIL");
    for (const failure of result.failures) expect(failure.message.length, failure.message.slice(0, 200)).toBeLessThanOrEqual(420);
  });
});
