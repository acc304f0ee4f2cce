// Loading PKCS#12 (RFC 7292): files built with forge in the test and files made by OpenSSL 3
// (fixtures/README.md), the right password, a wrong one, and input that is no PKCS#12.
import { createPrivateKey } from "node:crypto";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { expectCertificateError, lf, P12_FIXTURES, SHARED_KEYS } from "./certificates.test-support";
import { CertificateError } from "./certificate-error";
import { loadPkcs12 } from "./load-pkcs12";

const { ca1CertPem, ca2KeyPem, tppCertPem, tppKeyPem } = SHARED_KEYS;

function forgePkcs12(
  password: string,
  options: { useMac?: boolean; key?: string; certificates?: string[]; count?: number } = {},
): Uint8Array {
  const key = forge.pki.privateKeyFromPem(options.key ?? tppKeyPem);
  const certificates = (options.certificates ?? [tppCertPem, ca1CertPem]).map((pem) => forge.pki.certificateFromPem(pem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certificates, password, {
    algorithm: "aes256",
    useMac: options.useMac ?? true,
    count: options.count ?? 1000,
    generateLocalKeyId: certificates.length > 0,
  });
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"));
}

describe("loadPkcs12", () => {
  it("reads key, leaf and chain from a file built with forge, as DER or Base64", () => {
    const p12 = forgePkcs12("correct horse");
    const expected = { privateKeyPem: lf(tppKeyPem), certificatePem: lf(tppCertPem), chainPems: [lf(ca1CertPem)] };
    expect(loadPkcs12(p12, "correct horse")).toEqual(expected);
    expect(loadPkcs12(Buffer.from(p12).toString("base64"), "correct horse")).toEqual(expected);
  });

  it("finds the leaf by its key whatever the certificates' order", () => {
    const p12 = forgePkcs12("pw", { certificates: [ca1CertPem, tppCertPem] });
    expect(loadPkcs12(p12, "pw").certificatePem).toBe(lf(tppCertPem));
  });

  it.each([
    ["OpenSSL 3 defaults (AES-256, SHA-256 MAC)", P12_FIXTURES.openssl3P12Base64],
    ["OpenSSL -legacy (RC2-40, 3DES, SHA-1 MAC)", P12_FIXTURES.opensslLegacyP12Base64],
  ])("reads a file made by %s", (_name, base64) => {
    expect(loadPkcs12(base64, P12_FIXTURES.password)).toEqual({
      privateKeyPem: lf(tppKeyPem),
      certificatePem: lf(tppCertPem),
      chainPems: [lf(ca1CertPem)],
    });
  });

  it("a wrong password: PKCS12_PASSWORD, with or without a MAC", () => {
    const message = "the PKCS#12 password is wrong (integrity check or decryption failed)";
    expectCertificateError(() => loadPkcs12(forgePkcs12("right"), "wrong"), "PKCS12_PASSWORD", message);
    expectCertificateError(() => loadPkcs12(P12_FIXTURES.openssl3P12Base64, "wrong"), "PKCS12_PASSWORD", message);
    expectCertificateError(
      () => loadPkcs12(forgePkcs12("right", { useMac: false }), "wrong"),
      "PKCS12_PASSWORD",
      "the PKCS#12 password is wrong, or the file is damaged: it has no integrity check to tell which",
    );
  });

  it("without a MAC, every wrong password is PKCS12_PASSWORD, also when the wrong key's output passes the padding check", () => {
    // About 1 wrong key in 256 leaves noise that ends in valid padding: 600 tries meet at least
    // one such key 9 times in 10 (the salt is random). One iteration of the key derivation keeps it quick.
    const p12 = forgePkcs12("right", { useMac: false, count: 1 });
    const codes = new Set<string>();
    for (let i = 0; i < 600; i++) {
      try {
        loadPkcs12(p12, `wrong-${i}`);
        codes.add("opened");
      } catch (error) {
        codes.add(error instanceof CertificateError ? error.code : String(error));
      }
    }
    expect([...codes]).toEqual(["PKCS12_PASSWORD"]);
  });

  it("input that is not PKCS#12: PKCS12_INVALID", () => {
    expectCertificateError(
      () => loadPkcs12(new Uint8Array([0x30, 0x10, 0x01]), "pw"),
      "PKCS12_INVALID",
      "input is not a PKCS#12 file: not ASN.1",
    );
    expectCertificateError(
      () => loadPkcs12(new Uint8Array([1, 2, 3]), "pw"),
      "PKCS12_INVALID",
      "input is not a readable PKCS#12 file (Cannot read PKCS#12 PFX. ASN.1 object is not an PKCS#12 PFX.)",
    );
    expectCertificateError(
      () => loadPkcs12(new Uint8Array(createPrivateKey(tppKeyPem).export({ type: "pkcs8", format: "der" })), "pw"),
      "PKCS12_INVALID",
      "input is not a readable PKCS#12 file",
    );
    expectCertificateError(() => loadPkcs12(tppCertPem, "pw"), "PKCS12_INVALID", "input is PEM text, not PKCS#12; use loadPemBundle");
    expectCertificateError(() => loadPkcs12("***", "pw"), "PKCS12_INVALID", "PKCS#12 text is not Base64");
  });

  it("a key that matches none of the certificates: KEY_MISMATCH", () => {
    const p12 = forgePkcs12("pw", { key: ca2KeyPem });
    expectCertificateError(() => loadPkcs12(p12, "pw"), "KEY_MISMATCH", "the PKCS#12 private key matches none of its certificates");
  });

  it("no certificate: PKCS12_INVALID", () => {
    const p12 = forgePkcs12("pw", { certificates: [] });
    expectCertificateError(() => loadPkcs12(p12, "pw"), "PKCS12_INVALID", "the PKCS#12 file holds no certificate");
  });
});
