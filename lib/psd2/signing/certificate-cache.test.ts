import { describe, expect, it } from "vitest";
import { loadTrustAnchors } from "../x509";
import { createCertificateCache } from "./certificate-cache";
import { loadVectors, readVectorFile } from "./test-vectors.test-support";
import { verifyRequest } from "./verify-request";

const vectors = loadVectors();
const vector = (prefix: string) => {
  const found = vectors.find((v) => v.id.startsWith(prefix));
  if (found === undefined) throw new Error(`no vector ${prefix}`);
  return found;
};
const trustAnchors = loadTrustAnchors(readVectorFile("keys/trusted-cas.pem"));
const now = new Date("2026-01-01T00:00:00Z");

describe("createCertificateCache (bounded LRU)", () => {
  it("evicts the least recently used entry beyond maxEntries", () => {
    const cache = createCertificateCache({ maxEntries: 2 });
    cache.set("a", { error: "a" });
    cache.set("b", { error: "b" });
    expect(cache.get("a")?.error).toBe("a"); // a is now the most recent
    cache.set("c", { error: "c" });
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.error).toBe("a");
    expect(cache.get("c")?.error).toBe("c");
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => createCertificateCache({ maxEntries: 0 })).toThrow(RangeError);
    expect(() => createCertificateCache({ maxEntries: 1.5 })).toThrow(RangeError);
    expect(createCertificateCache().maxEntries).toBe(1000);
  });
});

describe("verifyRequest with a certificate cache", () => {
  it("parses a certificate once and reuses it", () => {
    const certificateCache = createCertificateCache();
    const first = verifyRequest(vector("P01").request, { mode: "strict", trustAnchors, now, certificateCache });
    const second = verifyRequest(vector("P03").request, { mode: "strict", trustAnchors, now, certificateCache });
    expect(first.verdict).toBe("PASS");
    expect(second.verdict).toBe("PASS");
    expect(second.certificate).toBe(first.certificate);
    expect(certificateCache.size).toBe(1);
  });

  it("still checks validity against now on every request", () => {
    const certificateCache = createCertificateCache();
    const request = vector("P01").request;
    expect(verifyRequest(request, { mode: "strict", trustAnchors, now, certificateCache }).verdict).toBe("PASS");
    const late = verifyRequest(request, { mode: "strict", trustAnchors, now: new Date("2046-01-01T00:00:00Z"), certificateCache });
    expect(late.failures.map((failure) => failure.check)).toEqual(["certificate.validity"]);
    expect(late.code).toBe("CERTIFICATE_EXPIRED");
  });

  it("recomputes the chain verdict when the trust anchors change", () => {
    const certificateCache = createCertificateCache();
    const request = vector("P01").request;
    expect(verifyRequest(request, { mode: "strict", trustAnchors, now, certificateCache }).verdict).toBe("PASS");
    const onlyCa2 = trustAnchors.filter((anchor) => anchor.serialNumber === "6B2D0002");
    const result = verifyRequest(request, { mode: "strict", trustAnchors: onlyCa2, now, certificateCache });
    expect(result.failures.map((failure) => failure.check)).toEqual(["certificate.chain"]);
  });

  it("remembers an unreadable certificate too", () => {
    const certificateCache = createCertificateCache();
    const request = vector("P01").request;
    const broken = { ...request, headers: { ...request.headers, "TPP-Signature-Certificate": "AAAA" } };
    for (let i = 0; i < 2; i++) {
      const result = verifyRequest(broken, { mode: "lenient", trustAnchors, now, certificateCache });
      expect(result.failures.map((failure) => failure.check)).toEqual(["certificate.parse"]);
      expect(result.code).toBe("CERTIFICATE_INVALID");
    }
    expect(certificateCache.size).toBe(1);
  });
});
