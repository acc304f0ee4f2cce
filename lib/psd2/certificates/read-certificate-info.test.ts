// Reading the shared test certificates back (docs/interface/request-signing.md#request-signing item 4 keyId, docs/interface/certificates.md#certificates-and-tpp-registration roles and
// organizationIdentifier), and clear errors for input that is not a certificate.
import { createPrivateKey, generateKeyPairSync, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectCertificateError, SHARED_KEYS } from "./certificates.test-support";
import { basicConstraints, buildCertificate, encodeName } from "./build-certificate";
import { OID } from "./oids";
import { readCertificate } from "./read-certificate";
import { readCertificateInfo } from "./read-certificate-info";

describe("readCertificateInfo on the shared test certificates", () => {
  it("tpp.cert.pem: roles, organisation, authority, validity, serial, names, keyId", () => {
    expect(readCertificateInfo(SHARED_KEYS.tppCertPem)).toEqual({
      roles: ["PSP_PI", "PSP_AI"],
      organizationIdentifier: "PSDNO-FSA-123456",
      organizationName: "Example TPP AS",
      commonName: "Example TPP AS eSeal",
      competentAuthority: { name: "Finanstilsynet", id: "NO-FSA" },
      notBefore: "2025-01-01T00:00:00.000Z",
      notAfter: "2045-12-31T23:59:59.000Z",
      serialNumber: "A3F5C7E91B2D4C6E8F1",
      subject: "CN=Example TPP AS eSeal, organizationIdentifier=PSDNO-FSA-123456, O=Example TPP AS, C=NO",
      issuer: "CN=PSD2 Test QTSP CA for eSeal, O=Test QTSP AS, C=NO",
      isCa: false,
      keyId: "SN=A3F5C7E91B2D4C6E8F1,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO",
    });
  });

  it("tpp-ca2.cert.pem: the keyId with a UTF-8 ø, an escaped comma and an OID as #hex", () => {
    const info = readCertificateInfo(SHARED_KEYS.tppCa2CertPem);
    expect(info.keyId).toBe(
      "SN=F1E2D3C4B5A69788,CA=CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,2.5.4.97=#0c0f4e54524e4f2d393939393939393939,C=NO",
    );
    expect(info.issuer).toBe("CN=Test QTSP eSeal CA G2, O=Testbank Sertifikat\\, Tromsø AS, organizationIdentifier=NTRNO-999999999, C=NO");
    expect(info.roles).toEqual(["PSP_PI", "PSP_AI"]);
  });

  it("tpp-expired.cert.pem: notAfter 2021-01-01", () => {
    const info = readCertificateInfo(SHARED_KEYS.tppExpiredCertPem);
    expect(info.notBefore).toBe("2020-01-01T00:00:00.000Z");
    expect(info.notAfter).toBe("2021-01-01T00:00:00.000Z");
    expect(info.serialNumber).toBe("A3F5C7E91B2D4C6E8F0");
  });

  it("a CA certificate without QC statements: roles [] and no authority, not a crash", () => {
    const info = readCertificateInfo(SHARED_KEYS.ca2CertPem);
    expect(info.roles).toEqual([]);
    expect(info.competentAuthority).toBeNull();
    expect(info.isCa).toBe(true);
    expect(info.organizationIdentifier).toBe("NTRNO-999999999");
    expect(info.organizationName).toBe("Testbank Sertifikat, Tromsø AS");
  });

  it("reads PEM, one-line Base64 DER (the TPP-Signature-Certificate header) and DER alike", () => {
    const der = new X509Certificate(SHARED_KEYS.tppCertPem).raw;
    const fromPem = readCertificateInfo(SHARED_KEYS.tppCertPem);
    expect(readCertificateInfo(der.toString("base64"))).toEqual(fromPem);
    expect(readCertificateInfo(new Uint8Array(der))).toEqual(fromPem);
    expect(readCertificateInfo(SHARED_KEYS.tppCertPem.replace(/\n/g, "\r\n"))).toEqual(fromPem);
  });
});

describe("readCertificateInfo refuses what is not one certificate", () => {
  it("garbage text: PEM_INVALID", () => {
    expectCertificateError(() => readCertificateInfo("hello, world"), "PEM_INVALID", "certificate text is neither PEM nor Base64 DER");
    expectCertificateError(() => readCertificateInfo(""), "PEM_INVALID", "neither PEM nor Base64 DER");
  });

  it("a private key where a certificate is expected: PEM_INVALID naming what was found", () => {
    expectCertificateError(
      () => readCertificateInfo(SHARED_KEYS.tppKeyPem),
      "PEM_INVALID",
      'expected a CERTIFICATE PEM block, found "PRIVATE KEY"',
    );
  });

  it("several certificates: PEM_INVALID", () => {
    expectCertificateError(
      () => readCertificateInfo(SHARED_KEYS.trustedCasPem),
      "PEM_INVALID",
      "PEM text holds 2 blocks; expected one CERTIFICATE",
    );
  });

  it("a BEGIN line without END: PEM_INVALID", () => {
    expectCertificateError(() => readCertificateInfo(SHARED_KEYS.tppCertPem.slice(0, 200)), "PEM_INVALID", "without a matching END line");
  });

  it("truncated or altered DER: CERTIFICATE_PARSE naming the place", () => {
    const der = new Uint8Array(new X509Certificate(SHARED_KEYS.tppCertPem).raw);
    expectCertificateError(
      () => readCertificateInfo(der.subarray(0, 500)),
      "CERTIFICATE_PARSE",
      "certificate: element runs past the end of the data",
    );
    expectCertificateError(
      () => readCertificateInfo(new Uint8Array([...der, 0])),
      "CERTIFICATE_PARSE",
      "certificate: trailing data after the element",
    );
    const badTime = der.slice();
    badTime.set(Buffer.from("251301"), 120); // notBefore "250101..." -> month 13
    expectCertificateError(
      () => readCertificateInfo(badTime),
      "CERTIFICATE_PARSE",
      'tbsCertificate.validity.notBefore: "251301000000Z" is not a valid date and time',
    );
    expectCertificateError(() => readCertificateInfo(Buffer.from("not DER").toString("base64")), "CERTIFICATE_PARSE", /^certificate: /);
  });

  it("reads a certificate with an EC key and no QC statement: roles [], not a crash", () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "der" });
    const name = encodeName([
      { oid: OID.countryName, value: "NO", printable: true },
      { oid: OID.commonName, value: "EC server" },
    ]);
    const der = buildCertificate(
      {
        serial: new Uint8Array([0x01]),
        issuerName: readCertificate(SHARED_KEYS.ca1CertPem).subject.der,
        subjectName: name,
        notBefore: new Date("2025-01-01T00:00:00Z"),
        notAfter: new Date("2026-01-01T00:00:00Z"),
        subjectPublicKeyInfo: new Uint8Array(ec),
        extensions: [basicConstraints(false)],
      },
      createPrivateKey(SHARED_KEYS.ca1KeyPem),
    );
    const info = readCertificateInfo(der);
    expect(info.roles).toEqual([]);
    expect(info.organizationIdentifier).toBeNull();
    expect(info.commonName).toBe("EC server");
    expect(info.keyId).toBe("SN=1,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
  });
});
