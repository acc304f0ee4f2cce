// A certificate issued by the sandbox PKI signs requests that verify against that CA (
// docs/interface/request-signing.md#the-banks-checks, docs/interface/certificates.md#certificates-and-tpp-registration): strict mode, the CA as the only trust anchor; another CA fails the chain check.
import { beforeAll, describe, expect, it } from "vitest";
import { createRequestSigner, verifyRequest } from "../signing";
import { loadTrustAnchors, type TrustAnchor } from "../x509";
import { createCertificateAuthority } from "./create-certificate-authority";
import { issueTppCertificate } from "./issue-tpp-certificate";
import { readCertificateInfo } from "./read-certificate-info";
import { SHARED_KEYS } from "./certificates.test-support";
import { type IssuedCertificate } from "./issue-options";

const issuedAt = new Date("2025-06-01T12:00:00.000Z");
const now = new Date("2025-06-02T08:30:00.000Z");
let tpp: IssuedCertificate;
let sandboxCa: readonly TrustAnchor[];
let otherCa: readonly TrustAnchor[];

beforeAll(() => {
  const ca = createCertificateAuthority({ organizationName: "Sandbox Bank ASA", now: issuedAt, modulusLength: 2048 });
  tpp = issueTppCertificate({
    issuer: ca,
    organizationName: "Example TPP AS",
    organizationIdentifier: "PSDNO-FSA-123456",
    roles: ["PSP_PI", "PSP_AI"],
    now: issuedAt,
    subjectKey: { privateKeyPem: SHARED_KEYS.tppKeyPem },
  });
  sandboxCa = loadTrustAnchors(ca.certificatePem);
  const other = createCertificateAuthority({ organizationName: "Sandbox Bank ASA", now: issuedAt, modulusLength: 2048 });
  otherCa = loadTrustAnchors(other.certificatePem);
});

function signedRequest() {
  const signer = createRequestSigner({ privateKeyPem: SHARED_KEYS.tppKeyPem, certificatePem: tpp.certificatePem });
  const request = {
    method: "POST",
    path: "/v1/payments/norwegian-domestic-credit-transfers",
    headers: {
      "Content-Type": "application/json",
      "PSU-ID": "0b6a0c1e-6c1a-4f7e-9a55-1c1d2e3f4a5b",
      "TPP-Redirect-URI": "https://tpp.example/callback",
    },
    body: JSON.stringify({ instructedAmount: { currency: "NOK", amount: "125.00" }, creditorName: "Bjørn Ærø AS" }),
  };
  const signed = signer.sign(request, { date: now, requestId: "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b" });
  return { ...request, headers: { ...request.headers, ...signed.headers } };
}

describe("a certificate from issueTppCertificate signs with createRequestSigner and verifies with verifyRequest", () => {
  it("PASSes in strict mode with its CA as the only trust anchor", () => {
    const result = verifyRequest(signedRequest(), { mode: "strict", trustAnchors: sandboxCa, now });
    expect(result.failures).toEqual([]);
    expect(result.verdict).toBe("PASS");
    expect(result.code).toBeNull();
  });

  it("fails with CERTIFICATE_INVALID against another CA (even one of the same name)", () => {
    const result = verifyRequest(signedRequest(), { mode: "strict", trustAnchors: otherCa, now });
    expect(result.verdict).toBe("FAIL");
    expect(result.code).toBe("CERTIFICATE_INVALID");
    expect(result.failures.map((failure) => failure.check)).toEqual(["certificate.chain"]);
  });

  it("gives the verified certificate's roles and organisation without a second parse", () => {
    const { certificate } = verifyRequest(signedRequest(), { mode: "strict", trustAnchors: sandboxCa, now });
    if (certificate === undefined) throw new Error("the verifier read no certificate");
    expect(readCertificateInfo(certificate)).toEqual(readCertificateInfo(tpp.certificatePem));
    expect(readCertificateInfo(certificate)).toMatchObject({
      roles: ["PSP_PI", "PSP_AI"],
      organizationIdentifier: "PSDNO-FSA-123456",
      competentAuthority: { name: "Finanstilsynet", id: "NO-FSA" },
    });
  });
});
