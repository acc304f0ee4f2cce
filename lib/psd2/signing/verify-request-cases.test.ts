import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadTrustAnchors, parseCertificate } from "../x509";
import { atv, buildTestCertificate, name, printableString, utf8String } from "../x509/build-test-certificate.test-support";
import { createRequestSigner } from "./create-request-signer";
import { decodeHeaderOctets, encodeHeaderOctets } from "./decode-header-octets";
import { encodeRfc2047 } from "./encode-rfc2047";
import { loadVectors, readVectorFile, type VectorRequest } from "./test-vectors.test-support";
import { verifyRequest } from "./verify-request";
import type { VerificationMode } from "./verify-message";

const vectors = loadVectors();
const vectorRequest = (prefix: string): VectorRequest => {
  const found = vectors.find((v) => v.id.startsWith(prefix));
  if (found === undefined) throw new Error(`no vector ${prefix}`);
  return found.request;
};
const trustAnchors = loadTrustAnchors(readVectorFile("keys/trusted-cas.pem"));
const now = new Date("2026-01-01T00:00:00Z");
const withHeaders = (request: VectorRequest, headers: Record<string, string | undefined>) => ({
  ...request,
  headers: { ...request.headers, ...headers },
});
const checks = (request: Parameters<typeof verifyRequest>[0], mode: VerificationMode = "strict", at = now) =>
  verifyRequest(request, { mode, trustAnchors, now: at }).failures.map((failure) => failure.check);

describe("verifyRequest beyond the vectors", () => {
  const p01 = vectorRequest("P01");
  const p08 = vectorRequest("P08");

  it("reports a missing Signature before a missing certificate (SIGNATURE_MISSING)", () => {
    const result = verifyRequest(withHeaders(p01, { Signature: undefined, "TPP-Signature-Certificate": undefined }), {
      mode: "strict",
      trustAnchors,
      now,
    });
    expect(result.failures.map((failure) => failure.check)).toEqual(["signature.present", "certificate.present"]);
    expect(result.code).toBe("SIGNATURE_MISSING");
  });

  it("answers CERTIFICATE_INVALID for an untrusted certificate that is also expired", () => {
    const n07 = vectorRequest("N07");
    const onlyCa2 = trustAnchors.filter((anchor) => anchor.serialNumber === "6B2D0002");
    const result = verifyRequest(n07, { mode: "strict", trustAnchors: onlyCa2, now });
    expect(result.failures.map((failure) => failure.check)).toEqual(["certificate.validity", "certificate.chain"]);
    expect(result.code).toBe("CERTIFICATE_INVALID");
  });

  it("reports a certificate that is not yet valid as certificate.validity", () => {
    const result = verifyRequest(p01, { mode: "strict", trustAnchors, now: new Date("2024-06-01T00:00:00Z") });
    expect(result.failures).toEqual([
      {
        check: "certificate.validity",
        code: "CERTIFICATE_EXPIRED",
        message: "the certificate is not valid before 2025-01-01T00:00:00.000Z (now is 2024-06-01T00:00:00.000Z)",
      },
    ]);
  });

  it("refuses an invalid now instead of skipping the validity check", () => {
    expect(() => verifyRequest(p01, { mode: "strict", trustAnchors, now: new Date(Number.NaN) })).toThrow(RangeError);
  });

  it("reports an unreadable certificate as certificate.parse and skips keyId and RSA checks", () => {
    expect(checks(withHeaders(p01, { "TPP-Signature-Certificate": "MIIB" }))).toEqual(["certificate.parse"]);
  });

  it("reports an unparseable Signature header as signature.syntax", () => {
    expect(checks(withHeaders(p01, { Signature: 'keyId="SN=1' }))).toEqual(["signature.syntax"]);
    const notBase64 = (p01.headers.Signature ?? "").replace(/signature="[^"]*"/, 'signature="not*base64"');
    expect(checks(withHeaders(p01, { Signature: notBase64 }))).toEqual(["signature.syntax"]);
  });

  it("reports an undecodable RFC 2047 Signature header in both modes", () => {
    for (const mode of ["strict", "lenient"] as const) {
      expect(checks(withHeaders(p01, { Signature: "=?utf-8?B?@@@@?=" }), mode)).toEqual(["signatureHeader.encoding"]);
    }
  });

  it("accepts an RFC 2047-wrapped Signature header whose content is ASCII", () => {
    expect(checks(withHeaders(p01, { Signature: encodeRfc2047(p01.headers.Signature ?? "") }))).toEqual([]);
  });

  it("accepts a lower-case digest token only in lenient mode", () => {
    const request = withHeaders(p01, { Digest: (p01.headers.Digest ?? "").replace("SHA-256", "sha-256") });
    expect(checks(request, "lenient")).toEqual(["signature.verify"]); // the signature covers the original Digest
    expect(checks(request, "strict")).toEqual(["digest.algorithm", "signature.verify"]);
  });

  it("treats a missing algorithm and an unsupported pseudo-header as failures without an RSA verify", () => {
    const noAlgorithm = (p01.headers.Signature ?? "").replace('algorithm="rsa-sha256",', "");
    expect(checks(withHeaders(p01, { Signature: noAlgorithm }))).toEqual(["signature.algorithm"]);
    const created = (p01.headers.Signature ?? "").replace('headers="date', 'headers="(created) date');
    expect(checks(withHeaders(p01, { Signature: created }), "lenient")).toEqual(["headers.syntax"]);
  });

  it("defaults a missing headers parameter to date (draft-cavage §2.1.6)", () => {
    const noHeaders = (p01.headers.Signature ?? "").replace('headers="date digest x-request-id",', "");
    expect(checks(withHeaders(p01, { Signature: noHeaders }))).toEqual(["headers.mandatory", "signature.verify"]);
  });

  it("reports extra spaces and duplicate names in the headers parameter", () => {
    const spaced = (p01.headers.Signature ?? "").replace('headers="date digest', 'headers=" date  digest');
    expect(checks(withHeaders(p01, { Signature: spaced }), "lenient")).toEqual([]);
    expect(checks(withHeaders(p01, { Signature: spaced }), "strict")).toEqual(["headers.syntax"]);
    const twice = (p01.headers.Signature ?? "").replace('headers="date digest', 'headers="date date digest');
    expect(checks(withHeaders(p01, { Signature: twice }), "lenient")).toEqual(["headers.syntax", "signature.verify"]);
  });

  it("needs header values as Unicode: on a Node server, decodeHeaderOctets first (P08)", () => {
    const asNodeGivesIt = withHeaders(p08, { "TPP-Redirect-URI": encodeHeaderOctets(p08.headers["TPP-Redirect-URI"] ?? "") });
    expect(checks(asNodeGivesIt)).toEqual(["signature.verify"]);
    const decoded = {
      ...asNodeGivesIt,
      headers: Object.fromEntries(Object.entries(asNodeGivesIt.headers).map(([k, v]) => [k, decodeHeaderOctets(v ?? "")])),
    };
    expect(checks(decoded)).toEqual([]);
  });

  it("verifies the body as bytes as well as as a string", () => {
    const p04 = vectorRequest("P04");
    expect(checks({ ...p04, body: Buffer.from(p04.body, "utf8") })).toEqual([]);
  });

  it("rejects a certificate whose key is not RSA under rsa-sha256", () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const der = buildTestCertificate({
      serial: [0x42],
      issuer: name(
        [atv("2.5.4.6", printableString("NO"))],
        [atv("2.5.4.10", utf8String("Test QTSP AS"))],
        [atv("2.5.4.3", utf8String("PSD2 Test QTSP CA for eSeal"))],
      ),
      subject: name([atv("2.5.4.3", utf8String("EC TPP"))]),
      notBefore: new Date("2025-01-01T00:00:00Z"),
      notAfter: new Date("2030-01-01T00:00:00Z"),
      publicKey: ec.publicKey,
      signingKey: createPrivateKey(readVectorFile("keys/ca1.key.pem")),
    });
    const signature = (p01.headers.Signature ?? "").replace("SN=A3F5C7E91B2D4C6E8F1", "SN=42");
    const result = verifyRequest(withHeaders(p01, { Signature: signature, "TPP-Signature-Certificate": der.toString("base64") }), {
      mode: "strict",
      trustAnchors,
      now,
    });
    expect(result.failures).toEqual([
      {
        check: "signature.algorithm",
        code: "SIGNATURE_INVALID",
        message: "rsa-sha256 needs an RSA key, but the certificate holds a key of type 'ec'",
      },
    ]);
  });

  it("round-trips a fresh key with a certificate issued by the shared CA", () => {
    const fresh = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const certificate = parseCertificate(
      buildTestCertificate({
        serial: [0x00, 0xff, 0x01],
        issuer: name(
          [atv("2.5.4.6", printableString("NO"))],
          [atv("2.5.4.10", utf8String("Test QTSP AS"))],
          [atv("2.5.4.3", utf8String("PSD2 Test QTSP CA for eSeal"))],
        ),
        subject: name(
          [atv("2.5.4.6", printableString("NO"))],
          [atv("2.5.4.97", utf8String("PSDNO-FSA-999"))],
          [atv("2.5.4.3", utf8String("Fresh TPP"))],
        ),
        notBefore: new Date("2025-01-01T00:00:00Z"),
        notAfter: new Date("2030-01-01T00:00:00Z"),
        publicKey: fresh.publicKey,
        signingKey: createPrivateKey(readVectorFile("keys/ca1.key.pem")),
      }),
    );
    const signer = createRequestSigner({ privateKey: fresh.privateKey, certificate });
    expect(signer.keyId).toBe("SN=FF01,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
    const request = { method: "GET", path: "/v1/accounts", headers: { "PSU-ID": "31125453913" }, body: "" };
    const signed = signer.sign(request, { date: new Date("2025-12-31T12:00:00Z"), requestId: "f81d4fae-7dec-41d0-a765-00a0c91e6bf6" });
    const result = verifyRequest({ ...request, headers: { ...request.headers, ...signed.headers } }, { mode: "strict", trustAnchors, now });
    expect(result.failures).toEqual([]);
    expect(result.certificate?.organizationIdentifier).toBe("PSDNO-FSA-999");
    expect(result.signingString).toBe(signed.signingString);
  });
});
