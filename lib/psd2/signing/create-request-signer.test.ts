import { createPrivateKey, generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadTrustAnchors, parseCertificate } from "../x509";
import { computeDigest, type DigestAlgorithm, isDigestAlgorithm } from "./compute-digest";
import { createRequestSigner, TPP_SIGNED_HEADER_ORDER } from "./create-request-signer";
import { decodeRfc2047 } from "./decode-rfc2047";
import { SigningError } from "./signing-error";
import { loadVectors, readVectorFile, type Vector } from "./test-vectors.test-support";
import { verifyRequest, verifyResponse } from "./verify-request";

const privateKeyPem = readVectorFile("keys/tpp.key.pem");
const positives = loadVectors().filter((vector) => vector.id.startsWith("P"));
const trustAnchors = loadTrustAnchors(readVectorFile("keys/trusted-cas.pem"));
const now = new Date("2026-01-01T00:00:00Z");
const SIGNATURE_HEADERS = new Set(["digest", "signature", "tpp-signature-certificate"]);

function unsignedHeaders(vector: Vector): Record<string, string> {
  return Object.fromEntries(Object.entries(vector.request.headers).filter(([name]) => !SIGNATURE_HEADERS.has(name.toLowerCase())));
}

function digestAlgorithmOf(vector: Vector): DigestAlgorithm {
  const token = vector.expected.digest.slice(0, vector.expected.digest.indexOf("="));
  if (!isDigestAlgorithm(token)) throw new Error(`${vector.id}: unexpected digest token ${token}`);
  return token;
}

function signerFor(vector: Vector) {
  return createRequestSigner({ privateKeyPem, certificatePem: readVectorFile(vector.expected.certificateFile) });
}

describe("createRequestSigner reproduces every positive vector byte for byte (supplement §9)", () => {
  it("finds P01-P10", () => {
    expect(positives.map((vector) => vector.id.slice(0, 3))).toEqual([
      "P01",
      "P02",
      "P03",
      "P04",
      "P05",
      "P06",
      "P07",
      "P08",
      "P09",
      "P10",
    ]);
  });

  describe.each(positives.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    const expected = vector.expected;
    // P06 signs in the BG example's order, P07 adds (request-target); the others use the TPP order.
    const defaultOrder = TPP_SIGNED_HEADER_ORDER.filter((name) => expected.signedHeaders.includes(name));
    const usesDefaultOrder = defaultOrder.join(" ") === expected.signedHeaders.join(" ");
    const includeRequestTarget = expected.signedHeaders[0] === "(request-target)";

    it("gives the vector's Digest, signing string, Signature and certificate headers", () => {
      const result = signerFor(vector).sign(
        { method: vector.request.method, path: vector.request.path, headers: unsignedHeaders(vector), body: vector.request.body },
        {
          digestAlgorithm: digestAlgorithmOf(vector),
          ...(usesDefaultOrder || includeRequestTarget ? {} : { headerOrder: expected.signedHeaders }),
          ...(includeRequestTarget ? { includeRequestTarget: true } : {}),
        },
      );
      expect(result.headers.Digest).toBe(expected.digest);
      expect(result.signingString).toBe(expected.signingString);
      expect(result.signedHeaders).toEqual(expected.signedHeaders);
      expect(result.signatureHeaderDecoded).toBe(expected.signatureHeaderDecoded);
      expect(result.rfc2047).toBe(expected.signatureHeaderRfc2047);
      expect(result.headers.Signature).toBe(vector.request.headers.Signature);
      expect(result.headers["TPP-Signature-Certificate"]).toBe(vector.request.headers["TPP-Signature-Certificate"]);
      expect(result.headers.Date).toBeUndefined();
      expect(result.headers["X-Request-ID"]).toBeUndefined();
      if (expected.signatureHeaderRfc2047) {
        expect(result.headers.Signature).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/=]+\?=$/);
        expect(decodeRfc2047(result.headers.Signature)).toBe(expected.signatureHeaderDecoded);
      }
    });

    it("takes Date and X-Request-ID as options and returns them as headers to add", () => {
      const headers = unsignedHeaders(vector);
      const date = headers.Date;
      const requestId = headers["X-Request-ID"] ?? "";
      delete headers.Date;
      delete headers["X-Request-ID"];
      const result = signerFor(vector).sign(
        { method: vector.request.method, path: vector.request.path, headers, body: Buffer.from(vector.request.body, "utf8") },
        {
          digestAlgorithm: digestAlgorithmOf(vector),
          requestId,
          ...(date === undefined ? {} : { date: new Date(date) }),
          ...(usesDefaultOrder || includeRequestTarget ? {} : { headerOrder: expected.signedHeaders }),
          ...(includeRequestTarget ? { includeRequestTarget: true } : {}),
        },
      );
      expect(result.headers.Signature).toBe(vector.request.headers.Signature);
      expect(result.headers.Date).toBe(date);
      expect(result.headers["X-Request-ID"]).toBe(requestId);
    });
  });
});

describe("createRequestSigner", () => {
  const certificatePem = readVectorFile("keys/tpp.cert.pem");
  const request = {
    method: "POST",
    path: "/v1/payments/norwegian-domestic-credit-transfers",
    headers: { "x-request-id": "99391c7e-ad88-49ec-a2ad-99ddcb1f7721", "PSU-ID": "31125453913", "psu-ip-address": "192.0.2.10" },
    body: '{"instructedAmount":{"currency":"NOK","amount":"100.00"}}',
  };

  it("precomputes the keyId and the one-line Base64 certificate", () => {
    const signer = createRequestSigner({ privateKeyPem, certificatePem });
    expect(signer.keyId).toBe("SN=A3F5C7E91B2D4C6E8F1,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
    expect(signer.certificateBase64).toMatch(/^MII[A-Za-z0-9+/]+=*$/);
  });

  it("accepts DER, a parsed certificate and a KeyObject alike", () => {
    const certificate = parseCertificate(certificatePem);
    const fromDer = createRequestSigner({ privateKeyPem, certificateDer: certificate.der });
    const fromParsed = createRequestSigner({ privateKey: createPrivateKey(privateKeyPem), certificate });
    expect(fromDer.sign(request).headers).toEqual(fromParsed.sign(request).headers);
  });

  it("signs the TPP order, only headers present, without (request-target)", () => {
    const result = createRequestSigner({ privateKeyPem, certificatePem }).sign(request, { date: "Tue, 03 Jun 2025 10:15:30 GMT" });
    expect(result.signedHeaders).toEqual(["date", "digest", "x-request-id", "psu-id"]);
    expect(result.headers.Date).toBe("Tue, 03 Jun 2025 10:15:30 GMT");
    expect(result.headers["X-Request-ID"]).toBeUndefined();
  });

  it("refuses to sign without an X-Request-ID", () => {
    const signer = createRequestSigner({ privateKeyPem, certificatePem });
    expect(() => signer.sign({ ...request, headers: {} })).toThrow(SigningError);
    expect(() => signer.sign({ ...request, headers: {} })).toThrow(/X-Request-ID is required/);
  });

  it("refuses a header order naming an absent header", () => {
    const signer = createRequestSigner({ privateKeyPem, certificatePem });
    expect(() => signer.sign(request, { headerOrder: ["digest", "x-request-id", "tpp-redirect-uri"] })).toThrow(
      /'tpp-redirect-uri' is listed for signing but absent/,
    );
  });

  it("refuses a key that does not belong to the certificate", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(() => createRequestSigner({ privateKey, certificatePem })).toThrow(/does not belong to the certificate/);
  });

  it("refuses a key that is not RSA", () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    expect(() => createRequestSigner({ privateKey, certificatePem })).toThrow(/must be an RSA private key/);
  });

  it("round-trips: what it signs verifies in strict mode, and a changed byte does not", () => {
    const signer = createRequestSigner({ privateKeyPem, certificatePem });
    const signed = signer.sign(request, { date: new Date("2025-12-31T23:00:00Z") });
    const sent = { ...request, headers: { ...request.headers, ...signed.headers } };
    const ok = verifyRequest(sent, { mode: "strict", trustAnchors, now });
    expect(ok.failures).toEqual([]);
    expect(ok.certificate?.organizationIdentifier).toBe("PSDNO-FSA-123456");
    const tampered = verifyRequest(
      { ...sent, headers: { ...sent.headers, "PSU-ID": "31125453914" } },
      { mode: "strict", trustAnchors, now },
    );
    expect(tampered.failures.map((failure) => failure.check)).toEqual(["signature.verify"]);
  });

  it("wraps the Signature header in RFC 2047 when a signed value is non-ASCII, and it verifies", () => {
    const signer = createRequestSigner({ privateKeyPem, certificatePem });
    const withUtf8 = { ...request, headers: { ...request.headers, "TPP-Redirect-URI": "https://tpp.example/cb?by=Tromsø" } };
    const signed = signer.sign(withUtf8);
    expect(signed.rfc2047).toBe(true);
    expect(signed.headers.Signature.startsWith("=?utf-8?B?")).toBe(true);
    const result = verifyRequest(
      { ...withUtf8, headers: { ...withUtf8.headers, ...signed.headers } },
      { mode: "strict", trustAnchors, now },
    );
    expect(result.failures).toEqual([]);
  });

  it("signs with crypto.sign over the UTF-8 signing string (RSA PKCS#1 v1.5, SHA-256)", () => {
    const signer = createRequestSigner({ privateKeyPem, certificatePem });
    const signed = signer.sign(request);
    const signature = /signature="([^"]+)"/.exec(signed.signatureHeaderDecoded)?.[1] ?? "";
    expect(
      verify("sha256", Buffer.from(signed.signingString, "utf8"), signer.certificate.publicKey, Buffer.from(signature, "base64")),
    ).toBe(true);
  });
});

describe("response signing (supplement §9, last paragraph)", () => {
  // The shared TPP certificate stands in for the bank's seal: it chains to ca1 like any other.
  const signer = createRequestSigner({ privateKeyPem, certificatePem: readVectorFile("keys/tpp.cert.pem") });
  const body = '{"transactionStatus":"RCVD","paymentId":"p-1"}';
  const response = { headers: { "X-Request-ID": "4d3c2b1a-0000-4000-8000-000000000099" }, body };

  it("signs date digest x-request-id and puts the certificate in ASPSP-Signature-Certificate", () => {
    const signed = signer.signResponse(response, { date: "Tue, 03 Jun 2025 10:15:31 GMT" });
    expect(signed.signedHeaders).toEqual(["date", "digest", "x-request-id"]);
    expect(signed.headers.Digest).toBe(computeDigest(body));
    expect(signed.headers["ASPSP-Signature-Certificate"]).toBe(signer.certificateBase64);
    expect("TPP-Signature-Certificate" in signed.headers).toBe(false);
  });

  it("verifies with verifyResponse, and fails on a changed body or a missing certificate", () => {
    const signed = signer.signResponse(response);
    const sent = { ...response, headers: { ...response.headers, ...signed.headers } };
    expect(verifyResponse(sent, { mode: "strict", trustAnchors, now }).failures).toEqual([]);
    const changed = verifyResponse({ ...sent, body: body.replace("RCVD", "ACSC") }, { mode: "strict", trustAnchors, now });
    expect(changed.failures.map((failure) => failure.check)).toEqual(["digest.match"]);
    const { "ASPSP-Signature-Certificate": _certificate, ...withoutCertificate } = sent.headers;
    const missing = verifyResponse({ ...sent, headers: withoutCertificate }, { mode: "strict", trustAnchors, now });
    expect(missing.failures.map((failure) => failure.check)).toEqual(["certificate.present"]);
    expect(missing.failures[0]?.message).toBe("the response has no ASPSP-Signature-Certificate header");
  });

  it("requires Date to be signed when the response has one, and rejects (request-target)", () => {
    const signed = signer.signResponse(response, { headerOrder: ["digest", "x-request-id"] });
    const sent = { ...response, headers: { ...response.headers, ...signed.headers, Date: "Tue, 03 Jun 2025 10:15:31 GMT" } };
    expect(verifyResponse(sent, { mode: "lenient", trustAnchors, now }).failures.map((failure) => failure.check)).toEqual([
      "headers.conditional",
    ]);
    expect(() => signer.signResponse(response, { headerOrder: ["(request-target)", "digest", "x-request-id"] })).toThrow(SigningError);
  });
});
