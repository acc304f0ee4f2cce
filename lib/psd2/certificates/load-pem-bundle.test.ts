// Loading PEM: a key and certificates in one file, one certificate, one key (RFC 7468), with
// clear errors for garbage and for a block of the wrong type.
import { createPrivateKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectCertificateError, lf, SHARED_KEYS } from "./certificates.test-support";
import { loadCertificatePem } from "./load-certificate-pem";
import { loadPemBundle } from "./load-pem-bundle";
import { loadPrivateKeyPem } from "./load-private-key-pem";
import { privateKeyMatchesCertificate } from "./private-key-matches-certificate";

const { ca1CertPem, ca2KeyPem, tppCertPem, tppKeyPem, tppPublicPem } = SHARED_KEYS;
const pkcs1KeyPem = createPrivateKey(tppKeyPem).export({ type: "pkcs1", format: "pem" }).toString();

function reflow(pem: string, width: number): string {
  const [begin = "", ...rest] = pem.trim().split(/\r?\n/);
  const end = rest.pop() ?? "";
  const body = rest.join("");
  return [begin, ...(body.match(new RegExp(`.{1,${width}}`, "g")) ?? []), end].join("\r\n");
}

describe("loadPemBundle", () => {
  it("splits a file of chain, PKCS#1 key and leaf (OpenSSL's Bag Attributes around them) and normalises it", () => {
    const text = [
      "Bag Attributes\n    friendlyName: ca1\nsubject=CN = PSD2 Test QTSP CA for eSeal",
      reflow(ca1CertPem, 76),
      "Key Attributes: <No Attributes>",
      pkcs1KeyPem,
      reflow(tppCertPem, 64),
    ].join("\n");
    const bundle = loadPemBundle(text);
    expect(bundle.privateKeyPem).toBe(lf(tppKeyPem));
    expect(bundle.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(bundle.certificatePem).toBe(lf(tppCertPem));
    expect(bundle.chainPems).toEqual([lf(ca1CertPem)]);
  });

  it("without a key: the first certificate is the leaf", () => {
    expect(loadPemBundle(SHARED_KEYS.trustedCasPem)).toEqual({
      privateKeyPem: null,
      certificatePem: lf(ca1CertPem),
      chainPems: [lf(SHARED_KEYS.ca2CertPem)],
    });
  });

  it("a key alone", () => {
    expect(loadPemBundle(pkcs1KeyPem)).toEqual({ privateKeyPem: lf(tppKeyPem), certificatePem: null, chainPems: [] });
  });

  it("an encrypted PKCS#8 key with its passphrase; without it or with a wrong one: KEY_PASSWORD", () => {
    const encrypted = createPrivateKey(tppKeyPem)
      .export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "hemmelig" })
      .toString();
    const text = `${encrypted}${tppCertPem}`;
    expect(loadPemBundle(text, { passphrase: "hemmelig" }).privateKeyPem).toBe(lf(tppKeyPem));
    expectCertificateError(() => loadPemBundle(text), "KEY_PASSWORD", "the PEM private key is encrypted and no passphrase was given");
    expectCertificateError(() => loadPemBundle(text, { passphrase: "feil" }), "KEY_PASSWORD", "could not be decrypted: wrong passphrase?");
  });

  it("a key that belongs to none of the certificates: KEY_MISMATCH", () => {
    expectCertificateError(
      () => loadPemBundle(`${ca2KeyPem}${tppCertPem}`),
      "KEY_MISMATCH",
      "the private key matches none of the certificates",
    );
  });

  it("garbage: PEM_INVALID", () => {
    expectCertificateError(() => loadPemBundle("garbage"), "PEM_INVALID", "no PEM block found");
    expectCertificateError(
      () => loadPemBundle("-----BEGIN CERTIFICATE-----\nnot*base64\n-----END CERTIFICATE-----\n"),
      "PEM_INVALID",
      'PEM block "CERTIFICATE" does not hold valid Base64',
    );
    expectCertificateError(
      () => loadPemBundle("-----BEGIN CERTIFICATE-----\nAAAA\n-----END PRIVATE KEY-----\n"),
      "PEM_INVALID",
      'PEM block "BEGIN CERTIFICATE" ends with "END PRIVATE KEY"',
    );
  });

  it("a certificate block that is not a certificate: CERTIFICATE_PARSE", () => {
    const body = tppKeyPem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "-----$1 CERTIFICATE-----");
    expectCertificateError(() => loadPemBundle(body), "CERTIFICATE_PARSE", "PEM block 1 (CERTIFICATE): ");
  });

  it("a block of another type: PEM_INVALID naming it", () => {
    expectCertificateError(
      () => loadPemBundle(tppPublicPem),
      "PEM_INVALID",
      'PEM block 1 is "PUBLIC KEY"; expected CERTIFICATE or a PRIVATE KEY',
    );
    expectCertificateError(() => loadPemBundle(`${tppKeyPem}${ca2KeyPem}`), "PEM_INVALID", "holds 2 private keys; expected at most one");
  });
});

describe("loadCertificatePem", () => {
  it("returns one certificate in normal form", () => {
    expect(loadCertificatePem(reflow(tppCertPem, 76))).toBe(lf(tppCertPem));
  });

  it("a private key where a certificate is expected: PEM_INVALID saying what it found", () => {
    expectCertificateError(() => loadCertificatePem(tppKeyPem), "PEM_INVALID", 'expected a CERTIFICATE PEM block, found "PRIVATE KEY"');
    expectCertificateError(() => loadCertificatePem(SHARED_KEYS.trustedCasPem), "PEM_INVALID", "holds 2 blocks; expected one CERTIFICATE");
    expectCertificateError(() => loadCertificatePem(""), "PEM_INVALID", "no PEM block found; expected a CERTIFICATE");
  });
});

describe("loadPrivateKeyPem", () => {
  it("returns PKCS#8 for PKCS#8 and PKCS#1 input", () => {
    expect(loadPrivateKeyPem(pkcs1KeyPem)).toBe(lf(tppKeyPem));
    expect(loadPrivateKeyPem(reflow(tppKeyPem, 76))).toBe(lf(tppKeyPem));
  });

  it("a certificate where a key is expected: PEM_INVALID saying what it found", () => {
    expectCertificateError(() => loadPrivateKeyPem(tppCertPem), "PEM_INVALID", 'expected a PRIVATE KEY PEM block, found "CERTIFICATE"');
  });

  it("a key block that holds no key: KEY_INVALID", () => {
    const body = tppCertPem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "-----$1 PRIVATE KEY-----");
    expectCertificateError(() => loadPrivateKeyPem(body), "KEY_INVALID", "the PEM private key is not a readable private key");
  });
});

describe("privateKeyMatchesCertificate", () => {
  it("tells whether a key is the certificate's", () => {
    expect(privateKeyMatchesCertificate(tppKeyPem, tppCertPem)).toBe(true);
    expect(privateKeyMatchesCertificate(pkcs1KeyPem, tppCertPem)).toBe(true);
    expect(privateKeyMatchesCertificate(ca2KeyPem, tppCertPem)).toBe(false);
  });

  it("refuses input that is not a key or not a certificate", () => {
    expectCertificateError(
      () => privateKeyMatchesCertificate(tppCertPem, tppCertPem),
      "KEY_INVALID",
      "privateKeyPem is not a readable private key",
    );
    expectCertificateError(() => privateKeyMatchesCertificate(tppKeyPem, tppKeyPem), "PEM_INVALID", "expected a CERTIFICATE PEM block");
  });
});
