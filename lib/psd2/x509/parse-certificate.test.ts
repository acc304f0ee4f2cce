import { createPrivateKey, generateKeyPairSync, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readVectorFile } from "../signing/test-vectors.test-support";
import { atv, buildTestCertificate, name, printableString, utf8String } from "./build-test-certificate.test-support";
import { keyIdFromCertificate } from "./key-id-from-certificate";
import { parseCertificate } from "./parse-certificate";
import { X509Error } from "./x509-error";

const tppPem = readVectorFile("keys/tpp.cert.pem");

describe("parseCertificate (supplement §9.4, §9.6, §10)", () => {
  it("reads the shared TPP certificate", () => {
    const certificate = parseCertificate(tppPem);
    expect(certificate.serialNumber).toBe("A3F5C7E91B2D4C6E8F1");
    expect(certificate.serial).toBe(0x0a3f5c7e91b2d4c6e8f1n);
    expect(certificate.issuerName).toBe("CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
    expect(certificate.subjectName).toBe("CN=Example TPP AS eSeal,2.5.4.97=#0c105053444e4f2d4653412d313233343536,O=Example TPP AS,C=NO");
    expect(certificate.keyId).toBe("SN=A3F5C7E91B2D4C6E8F1,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
    expect(certificate.organizationIdentifier).toBe("PSDNO-FSA-123456");
    expect(certificate.notBefore.toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(certificate.notAfter.toISOString()).toBe("2045-12-31T23:59:59.000Z");
    expect(certificate.publicKey.asymmetricKeyType).toBe("rsa");
    expect(certificate.base64).toBe(tppPem.replace(/-----[A-Z ]+-----|\s/g, ""));
  });

  it("gives the CA2 keyId with its escaped comma, raw ø and organizationIdentifier as #hex (P09)", () => {
    expect(keyIdFromCertificate(readVectorFile("keys/tpp-ca2.cert.pem"))).toBe(
      "SN=F1E2D3C4B5A69788,CA=CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,2.5.4.97=#0c0f4e54524e4f2d393939393939393939,C=NO",
    );
  });

  it("accepts PEM, one-line Base64, Base64 with line breaks, DER and X509Certificate alike", () => {
    const base64 = parseCertificate(tppPem).base64;
    const inputs = [tppPem, base64, base64.replace(/(.{64})/g, "$1\n"), Buffer.from(base64, "base64"), new X509Certificate(tppPem)];
    for (const input of inputs)
      expect(parseCertificate(input).keyId).toBe("SN=A3F5C7E91B2D4C6E8F1,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
    expect(keyIdFromCertificate(parseCertificate(base64))).toBe(parseCertificate(base64).keyId);
  });

  it.each([
    ["not Base64", "not a certificate!"],
    ["empty", ""],
    ["Base64 of other bytes", Buffer.from("hello world, not DER").toString("base64")],
  ])("rejects %s with CERTIFICATE_INVALID", (_label, input) => {
    expect(() => parseCertificate(input)).toThrow(X509Error);
    try {
      parseCertificate(input);
    } catch (error) {
      expect(error instanceof X509Error && error.code).toBe("CERTIFICATE_INVALID");
    }
  });

  it("reads a serial with a leading 00 octet, a multi-valued issuer RDN and GeneralizedTime after 2049", () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const der = buildTestCertificate({
      serial: [0x00, 0x80, 0x01],
      issuer: name(
        [atv("2.5.4.6", printableString("NO"))],
        [atv("2.5.4.10", utf8String('Bank; "Nord"')), atv("2.5.4.11", utf8String("eSeal"))],
      ),
      subject: name([atv("2.5.4.3", utf8String("Seal"))]),
      notBefore: new Date("2049-06-01T00:00:00Z"),
      notAfter: new Date("2060-01-02T03:04:05Z"),
      publicKey,
      signingKey: createPrivateKey(readVectorFile("keys/ca1.key.pem")),
    });
    const certificate = parseCertificate(der);
    expect(certificate.keyId).toBe('SN=8001,CA=O=Bank\\; \\"Nord\\"+OU=eSeal,C=NO');
    expect(certificate.notAfter.toISOString()).toBe("2060-01-02T03:04:05.000Z");
    expect(certificate.organizationIdentifier).toBeUndefined();
  });

  it("reads leniently as node:crypto does by default, and strictly when asked (naming the field)", () => {
    const der = Buffer.from(parseCertificate(tppPem).der);
    const trailing = Buffer.concat([der, Buffer.from([0])]);
    expect(parseCertificate(trailing).keyId).toBe(parseCertificate(der).keyId);
    expect(() => parseCertificate(trailing, { strict: true })).toThrow(
      /^the certificate cannot be read: certificate: trailing data after the element$/,
    );
    const month13 = Buffer.from(der);
    month13.set(Buffer.from("251301"), 120); // notBefore "250101..." -> month 13
    expect(() => parseCertificate(month13, { strict: true })).toThrow(
      'tbsCertificate.validity.notBefore: "251301000000Z" is not a valid date and time',
    );
  });

  it("reads the extensions, with the serial's octets and the names' and key's DER", () => {
    const certificate = parseCertificate(tppPem, { strict: true });
    expect(certificate.extensions.map((extension) => [extension.oid, extension.critical])).toEqual([
      ["2.5.29.19", true],
      ["2.5.29.15", true],
      ["2.5.29.14", false],
      ["2.5.29.35", false],
      ["1.3.6.1.5.5.7.1.3", false],
    ]);
    expect(Buffer.from(certificate.serialOctets).toString("hex")).toBe("0a3f5c7e91b2d4c6e8f1");
    expect(new X509Certificate(tppPem).publicKey.export({ type: "spki", format: "der" })).toEqual(
      Buffer.from(certificate.subjectPublicKeyInfo),
    );
    expect(Buffer.from(certificate.issuer.der)).toEqual(Buffer.from(parseCertificate(readVectorFile("keys/ca1.cert.pem")).subject.der));
  });
});
