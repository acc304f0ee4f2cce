import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readVectorFile } from "../signing/test-vectors.test-support";
import { atv, buildTestCertificate, name, printableString, utf8String } from "./build-test-certificate.test-support";
import { loadTrustAnchors } from "./load-trust-anchors";
import { parseCertificate } from "./parse-certificate";
import { findCertificateIssuers, verifyCertificateChain } from "./verify-certificate-chain";
import { X509Error } from "./x509-error";

const anchors = loadTrustAnchors(readVectorFile("keys/trusted-cas.pem"));
const now = new Date("2026-01-01T00:00:00Z");
const cert = (file: string) => parseCertificate(readVectorFile(`keys/${file}`));

describe("loadTrustAnchors", () => {
  it("reads every certificate of a PEM bundle", () => {
    expect(anchors.map((anchor) => anchor.subjectName)).toEqual([
      "CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO",
      "CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,2.5.4.97=#0c0f4e54524e4f2d393939393939393939,C=NO",
    ]);
  });

  it("rejects a bundle without certificates, or with an unreadable one", () => {
    expect(() => loadTrustAnchors("")).toThrow(/holds no '-----BEGIN CERTIFICATE-----' block/);
    const broken = `${readVectorFile("keys/ca1.cert.pem")}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`;
    expect(() => loadTrustAnchors(broken)).toThrow(X509Error);
    expect(() => loadTrustAnchors(broken)).toThrow(/certificate 2 of the trust anchor bundle/);
  });
});

describe("verifyCertificateChain (supplement §9.7: by signature, not by name)", () => {
  it("accepts certificates issued by ca1 and ca2", () => {
    expect(verifyCertificateChain(cert("tpp.cert.pem"), anchors, now)).toMatchObject({ ok: true, anchor: { serialNumber: "5A1C0001" } });
    expect(verifyCertificateChain(cert("tpp-ca2.cert.pem"), anchors, now)).toMatchObject({
      ok: true,
      anchor: { serialNumber: "6B2D0002" },
    });
  });

  it("rejects a certificate from a rogue CA with ca1's name and serial but another key (N08)", () => {
    const rogue = cert("tpp-rogue.cert.pem");
    expect(findCertificateIssuers(rogue, anchors)).toEqual({ issuers: [], nameMatches: 1 });
    expect(verifyCertificateChain(rogue, anchors, now)).toEqual({
      ok: false,
      message:
        "the certificate names the trusted CA 'CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO' as its issuer, but its signature does not verify with that CA's key: another CA with the same name issued it",
    });
    expect(verifyCertificateChain(rogue, loadTrustAnchors(readVectorFile("keys/rogue-ca.cert.pem")), now).ok).toBe(true);
  });

  it("rejects an issuer that is no trust anchor", () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const der = buildTestCertificate({
      serial: [1],
      issuer: name([atv("2.5.4.3", utf8String("Unknown CA"))]),
      subject: name([atv("2.5.4.3", utf8String("Leaf"))]),
      notBefore: new Date("2025-01-01T00:00:00Z"),
      notAfter: new Date("2030-01-01T00:00:00Z"),
      publicKey,
      signingKey: privateKey,
    });
    expect(verifyCertificateChain(parseCertificate(der), anchors, now)).toEqual({
      ok: false,
      message: "the certificate's issuer 'CN=Unknown CA' is not a trusted CA",
    });
  });

  it("needs the issuing anchor to be valid at now", () => {
    const ca = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const caName = name([atv("2.5.4.6", printableString("NO"))], [atv("2.5.4.3", utf8String("Short-lived CA"))]);
    const caDer = buildTestCertificate({
      serial: [7],
      issuer: caName,
      subject: caName,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2025-06-30T00:00:00Z"),
      publicKey: ca.publicKey,
      signingKey: ca.privateKey,
      ca: true,
    });
    const leaf = parseCertificate(
      buildTestCertificate({
        serial: [8],
        issuer: caName,
        subject: name([atv("2.5.4.3", utf8String("Leaf"))]),
        notBefore: new Date("2024-01-01T00:00:00Z"),
        notAfter: new Date("2030-01-01T00:00:00Z"),
        publicKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey,
        signingKey: ca.privateKey,
      }),
    );
    const caAnchors = [parseCertificate(caDer)];
    expect(verifyCertificateChain(leaf, caAnchors, new Date("2025-01-01T00:00:00Z")).ok).toBe(true);
    const late = verifyCertificateChain(leaf, caAnchors, now);
    expect(late).toEqual({
      ok: false,
      message:
        "the issuing CA 'CN=Short-lived CA,C=NO' is trusted, but its certificate is valid from 2020-01-01T00:00:00.000Z to 2025-06-30T00:00:00.000Z, not at 2026-01-01T00:00:00.000Z",
    });
    // A trust anchor presented as the certificate itself chains to itself.
    expect(verifyCertificateChain(caAnchors[0] ?? leaf, caAnchors, new Date("2024-01-01T00:00:00Z")).ok).toBe(true);
  });

  it("accepts a certificate with a fresh key issued by the shared ca1 key", () => {
    const der = buildTestCertificate({
      serial: [0x00, 0xff],
      issuer: name(
        [atv("2.5.4.6", printableString("NO"))],
        [atv("2.5.4.10", utf8String("Test QTSP AS"))],
        [atv("2.5.4.3", utf8String("PSD2 Test QTSP CA for eSeal"))],
      ),
      subject: name([atv("2.5.4.3", utf8String("Fresh TPP"))]),
      notBefore: new Date("2025-01-01T00:00:00Z"),
      notAfter: new Date("2030-01-01T00:00:00Z"),
      publicKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey,
      signingKey: createPrivateKey(readVectorFile("keys/ca1.key.pem")),
    });
    expect(verifyCertificateChain(parseCertificate(der), anchors, now)).toMatchObject({ ok: true, anchor: { serialNumber: "5A1C0001" } });
  });
});
