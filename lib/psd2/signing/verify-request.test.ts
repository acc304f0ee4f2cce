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
        expect(result.failures.map((failure) => failure.check), `${vector.id} round ${round}`).toEqual(vector.expected.strictFailures);
      }
    }
    expect(certificateCache.size).toBeLessThanOrEqual(3);
  });
});
