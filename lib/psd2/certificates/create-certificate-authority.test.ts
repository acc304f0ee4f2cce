// The sandbox CA (docs/interface/certificates.md#certificates-and-tpp-registration): self-signed, CA:TRUE, keyCertSign + cRLSign, positive
// 16-octet serial, validity from the clock it is given.
import { createPrivateKey, X509Certificate } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectCertificateError, SHARED_KEYS } from "./certificates.test-support";
import { createCertificateAuthority, type CertificateAuthority } from "./create-certificate-authority";
import { OID } from "./oids";
import { readCertificate } from "./read-certificate";
import { readCertificateInfo } from "./read-certificate-info";

const now = new Date("2025-03-04T05:06:07.890Z");
let ca: CertificateAuthority;

beforeAll(() => {
  ca = createCertificateAuthority({ organizationName: "Sandbox Bank ASA", now, modulusLength: 2048 });
});

describe("createCertificateAuthority", () => {
  it("makes a self-signed CA that node:crypto accepts, with its key", () => {
    const x509 = new X509Certificate(ca.certificatePem);
    expect(x509.ca).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkIssued(x509)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(ca.privateKeyPem))).toBe(true);
    expect(ca.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(x509.subject).toBe("C=NO\nO=Sandbox Bank ASA\nCN=Sandbox Bank ASA Sandbox QTSP CA");
    expect(x509.issuer).toBe(x509.subject);
  });

  it("has basicConstraints CA:TRUE pathlen 0 and keyUsage keyCertSign + cRLSign, both critical, and SKI = AKI", () => {
    const extensions = readCertificate(ca.certificatePem).extensions;
    const find = (oid: string) => extensions.find((e) => e.oid === oid);
    expect(find(OID.basicConstraints)).toEqual({
      oid: OID.basicConstraints,
      critical: true,
      value: new Uint8Array([0x30, 0x06, 0x01, 0x01, 0xff, 0x02, 0x01, 0x00]),
    });
    expect(find(OID.keyUsage)).toEqual({ oid: OID.keyUsage, critical: true, value: new Uint8Array([0x03, 0x02, 0x01, 0x06]) });
    const ski = find(OID.subjectKeyIdentifier)?.value.subarray(2);
    expect(ski).toHaveLength(20);
    expect(find(OID.authorityKeyIdentifier)?.value.subarray(4)).toEqual(ski);
    expect(find(OID.qcStatements)).toBeUndefined();
  });

  it("takes notBefore from the clock (to the second) and ten years by default", () => {
    const info = readCertificateInfo(ca.certificatePem);
    expect(info.notBefore).toBe("2025-03-04T05:06:07.000Z");
    expect(info.notAfter).toBe("2035-03-02T05:06:07.000Z"); // 3650 days
    expect(info.roles).toEqual([]);
    expect(info.isCa).toBe(true);
  });

  it("uses a random positive serial of exactly 16 octets (top bit 0, next bit 1)", () => {
    const der = readCertificate(ca.certificatePem);
    expect(der.serialOctets).toHaveLength(16);
    expect((der.serialOctets[0] ?? 0) & 0xc0).toBe(0x40);
    expect(ca.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
    const other = createCertificateAuthority({ organizationName: "Sandbox Bank ASA", now, privateKeyPem: ca.privateKeyPem });
    expect(other.serialNumber).not.toBe(ca.serialNumber);
  });

  it("reuses a given key (PKCS#8 or PKCS#1) and names, serial and validity as given", () => {
    const pkcs1 = createPrivateKey(SHARED_KEYS.ca1KeyPem).export({ type: "pkcs1", format: "pem" }).toString();
    const made = createCertificateAuthority({
      organizationName: "Testbank Tromsø AS",
      commonName: "Testbank Root",
      country: "NO",
      now,
      validityDays: 30,
      privateKeyPem: pkcs1,
      serialNumber: "00FF01",
    });
    const info = readCertificateInfo(made.certificatePem);
    expect(info.subject).toBe("CN=Testbank Root, O=Testbank Tromsø AS, C=NO");
    expect(info.serialNumber).toBe("FF01");
    expect(made.serialNumber).toBe("FF01");
    expect(readCertificate(made.certificatePem).serialOctets).toEqual(new Uint8Array([0x00, 0xff, 0x01]));
    expect(info.notAfter).toBe("2025-04-03T05:06:07.000Z");
    expect(made.privateKeyPem).toBe(createPrivateKey(SHARED_KEYS.ca1KeyPem).export({ type: "pkcs8", format: "pem" }));
    const x509 = new X509Certificate(made.certificatePem);
    expect(x509.publicKey.equals(new X509Certificate(SHARED_KEYS.ca1CertPem).publicKey)).toBe(true);
  });

  it("refuses bad options with OPTIONS_INVALID or KEY_INVALID naming the option", () => {
    expectCertificateError(
      () => createCertificateAuthority({ organizationName: " Bank", now }),
      "OPTIONS_INVALID",
      "organizationName must be 1 to 64 characters",
    );
    expectCertificateError(
      () => createCertificateAuthority({ organizationName: "Bank", now, country: "no" }),
      "OPTIONS_INVALID",
      'country "no"',
    );
    expectCertificateError(
      () => createCertificateAuthority({ organizationName: "Bank", now, validityDays: 1.5 }),
      "OPTIONS_INVALID",
      "validityDays",
    );
    expectCertificateError(
      () => createCertificateAuthority({ organizationName: "Bank", now, modulusLength: 1024 as 2048 }),
      "OPTIONS_INVALID",
      "modulusLength must be 2048, 3072 or 4096, not 1024",
    );
    expectCertificateError(
      () => createCertificateAuthority({ organizationName: "Bank", now, privateKeyPem: SHARED_KEYS.tppCertPem }),
      "KEY_INVALID",
      "privateKeyPem is not a readable private key",
    );
  });
});
