// Issuing TPP certificates (ETSI TS 119 495 §5.1, docs/interface/certificates.md#certificates-and-tpp-registration) and checking them with
// node:crypto and against the shared reference certificate tpp.cert.pem.
import { createPrivateKey, createPublicKey, generateKeyPairSync, X509Certificate } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectCertificateError as expectError, SHARED_KEYS } from "./certificates.test-support";
import { createCertificateAuthority, type CertificateAuthority } from "./create-certificate-authority";
import { issueTppCertificate, type TppCertificateOptions } from "./issue-tpp-certificate";
import { OID } from "./oids";
import { readCertificate } from "./read-certificate";
import { readCertificateInfo } from "./read-certificate-info";

const { ca2CertPem, ca2KeyPem, tppCa2CertPem, tppCertPem: referenceTppPem, tppKeyPem } = SHARED_KEYS;
const now = new Date("2025-06-01T12:00:00.000Z");
let ca: CertificateAuthority;

beforeAll(() => {
  ca = createCertificateAuthority({ organizationName: "Sandbox Bank ASA", now, modulusLength: 2048 });
});

function options(overrides: Partial<TppCertificateOptions> = {}): TppCertificateOptions {
  return {
    issuer: ca,
    organizationName: "Example TPP AS",
    organizationIdentifier: "PSDNO-FSA-123456",
    commonName: "Example TPP AS eSeal",
    roles: ["PSP_PI", "PSP_AI"],
    now,
    subjectKey: { privateKeyPem: tppKeyPem },
    ...overrides,
  };
}

function extensionOf(pem: string, oid: string) {
  return readCertificate(pem).extensions.find((e) => e.oid === oid);
}

describe("issueTppCertificate", () => {
  it("issues a certificate whose roles, organisation, authority and validity read back", () => {
    const tpp = issueTppCertificate(options({ roles: ["PSP_AI", "PSP_PI"], validityDays: 365 }));
    const info = readCertificateInfo(tpp.certificatePem);
    expect(info.roles).toEqual(["PSP_AI", "PSP_PI"]);
    expect(info.organizationIdentifier).toBe("PSDNO-FSA-123456");
    expect(info.organizationName).toBe("Example TPP AS");
    expect(info.commonName).toBe("Example TPP AS eSeal");
    expect(info.competentAuthority).toEqual({ name: "Finanstilsynet", id: "NO-FSA" });
    expect(info.notBefore).toBe("2025-06-01T12:00:00.000Z");
    expect(info.notAfter).toBe("2026-06-01T12:00:00.000Z");
    expect(info.isCa).toBe(false);
    expect(info.serialNumber).toBe(tpp.serialNumber);
    expect(info.subject).toBe("CN=Example TPP AS eSeal, organizationIdentifier=PSDNO-FSA-123456, O=Example TPP AS, C=NO");
    expect(info.issuer).toBe("CN=Sandbox Bank ASA Sandbox QTSP CA, O=Sandbox Bank ASA, C=NO");
    expect(info.keyId).toBe(`SN=${tpp.serialNumber},CA=CN=Sandbox Bank ASA Sandbox QTSP CA,O=Sandbox Bank ASA,C=NO`);
  });

  it("passes node:crypto's checks: parses, is not a CA, chains to the CA by signature, matches its key", () => {
    const tpp = issueTppCertificate(options());
    const x509 = new X509Certificate(tpp.certificatePem);
    const caX509 = new X509Certificate(ca.certificatePem);
    expect(x509.ca).toBe(false);
    expect(x509.verify(caX509.publicKey)).toBe(true);
    expect(x509.checkIssued(caX509)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(ca.privateKeyPem))).toBe(false);
    expect(tpp.privateKeyPem).not.toBeNull();
    expect(x509.checkPrivateKey(createPrivateKeyOf(tpp.privateKeyPem))).toBe(true);
    expect(x509.verify(new X509Certificate(referenceTppPem).publicKey)).toBe(false);
  });

  it("writes the QC statements byte for byte as the reference certificate has them (same roles, same order)", () => {
    const tpp = issueTppCertificate(options({ roles: ["PSP_PI", "PSP_AI"] }));
    const mine = extensionOf(tpp.certificatePem, OID.qcStatements);
    const reference = extensionOf(referenceTppPem, OID.qcStatements);
    expect(mine).toBeDefined();
    expect(Buffer.from(mine?.value ?? [])).toEqual(Buffer.from(reference?.value ?? [1]));
    expect(mine?.critical).toBe(false);
  });

  it("has the reference's extension profile: basicConstraints and keyUsage critical, SKI, AKI", () => {
    const tpp = issueTppCertificate(options());
    const mine = readCertificate(tpp.certificatePem).extensions;
    const reference = readCertificate(referenceTppPem).extensions;
    expect(mine.map((e) => [e.oid, e.critical])).toEqual(reference.map((e) => [e.oid, e.critical]));
    const value = (list: typeof mine, oid: string) => Buffer.from(list.find((e) => e.oid === oid)?.value ?? []);
    expect(value(mine, OID.basicConstraints)).toEqual(value(reference, OID.basicConstraints)); // CA:FALSE
    expect(value(mine, OID.keyUsage)).toEqual(value(reference, OID.keyUsage)); // digitalSignature, nonRepudiation
    // Same key as the reference: the same SKI (RFC 5280 §4.2.1.2 method 1).
    expect(value(mine, OID.subjectKeyIdentifier)).toEqual(value(reference, OID.subjectKeyIdentifier));
    const caSki = extensionOf(ca.certificatePem, OID.subjectKeyIdentifier)?.value ?? new Uint8Array();
    expect(value(mine, OID.authorityKeyIdentifier).subarray(-20)).toEqual(Buffer.from(caSki).subarray(-20));
  });

  it("copies an issuer's Name byte for byte (UTF-8 ø, escaped comma, organizationIdentifier) and its keyId", () => {
    const issuer = { certificatePem: ca2CertPem, privateKeyPem: ca2KeyPem };
    const tpp = issueTppCertificate(options({ issuer }));
    const issued = readCertificate(tpp.certificatePem);
    const ca2 = readCertificate(ca2CertPem);
    expect(Buffer.from(issued.issuer.der)).toEqual(Buffer.from(ca2.subject.der));
    const expectedCa = readCertificateInfo(tppCa2CertPem).keyId.replace(/^SN=[0-9A-F]+,/, "");
    expect(readCertificateInfo(tpp.certificatePem).keyId).toBe(`SN=${tpp.serialNumber},${expectedCa}`);
    expect(new X509Certificate(tpp.certificatePem).verify(new X509Certificate(ca2CertPem).publicKey)).toBe(true);
  });

  it("generates a key when none is given, and returns none when only a public key is given", () => {
    const generated = issueTppCertificate(options({ subjectKey: undefined }));
    expect(generated.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(new X509Certificate(generated.certificatePem).checkPrivateKey(createPrivateKeyOf(generated.privateKeyPem))).toBe(true);

    const publicKeyPem = createPublicKey(tppKeyPem).export({ type: "spki", format: "pem" }).toString();
    const fromPublic = issueTppCertificate(options({ subjectKey: { publicKeyPem } }));
    expect(fromPublic.privateKeyPem).toBeNull();
    expect(new X509Certificate(fromPublic.certificatePem).checkPrivateKey(createPrivateKeyOf(tppKeyPem))).toBe(true);
  });

  it("returns the DER as one line of Base64 (TPP-Signature-Certificate) and a normal-form PEM", () => {
    const tpp = issueTppCertificate(options({ serialNumber: "0A3F5C7E91B2D4C6E8F1" }));
    expect(tpp.certificateBase64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(tpp.certificatePem).toMatch(
      /^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=]{64}\n)+[A-Za-z0-9+/=]{1,64}\n-----END CERTIFICATE-----\n$/,
    );
    expect(readCertificateInfo(tpp.certificateBase64).keyId).toBe(readCertificateInfo(tpp.certificatePem).keyId);
    expect(tpp.serialNumber).toBe("A3F5C7E91B2D4C6E8F1");
  });

  it("uses the clock it is given: a certificate issued in 2020 for a year has expired", () => {
    const old = issueTppCertificate(options({ now: new Date("2020-01-01T00:00:00.999Z"), validityDays: 366 }));
    const info = readCertificateInfo(old.certificatePem);
    expect(info.notBefore).toBe("2020-01-01T00:00:00.000Z");
    expect(info.notAfter).toBe("2021-01-01T00:00:00.000Z");
  });

  it("writes GeneralizedTime from 2050 (RFC 5280 §4.1.2.5) and reads it back", () => {
    const late = issueTppCertificate(options({ now: new Date("2049-12-01T00:00:00Z"), validityDays: 100 }));
    expect(readCertificateInfo(late.certificatePem).notAfter).toBe("2050-03-11T00:00:00.000Z");
    expect(new X509Certificate(late.certificatePem).validTo).toBe("Mar 11 00:00:00 2050 GMT");
  });

  it("takes another competent authority when it matches the organizationIdentifier", () => {
    const tpp = issueTppCertificate(
      options({
        organizationIdentifier: "PSDSE-FINA-44059",
        competentAuthority: { name: "Finansinspektionen", id: "SE-FINA" },
        country: "SE",
      }),
    );
    expect(readCertificateInfo(tpp.certificatePem).competentAuthority).toEqual({ name: "Finansinspektionen", id: "SE-FINA" });
  });
});

describe("issueTppCertificate refuses bad options with OPTIONS_INVALID, KEY_MISMATCH or KEY_INVALID", () => {
  it.each([
    [{ roles: [] }, "roles must hold at least one PSD2 role"],
    [{ roles: ["PSP_XX" as "PSP_AI"] }, 'roles: "PSP_XX" is not one of PSP_AS, PSP_PI, PSP_AI, PSP_IC'],
    [{ organizationIdentifier: "123456" }, 'organizationIdentifier "123456" is not in the ETSI form'],
    [{ organizationIdentifier: "NTRNO-999999999" }, "is not in the PSD2 form PSD<country>-<NCA id>-<PSP id>"],
    [{ organizationIdentifier: "PSDSE-FINA-1" }, 'names the authority SE-FINA, but competentAuthority.id is "NO-FSA"'],
    [{ competentAuthority: { name: "Finanstilsynet", id: "FSA" } }, 'competentAuthority.id "FSA" is not in the ETSI form'],
    [{ organizationName: "" }, "organizationName must be 1 to 64 characters"],
    [{ commonName: "x".repeat(65) }, "commonName must be 1 to 64 characters"],
    [{ country: "Norway" }, 'country "Norway" must be an ISO 3166 code'],
    [{ now: new Date("not a date") }, "now must be a valid Date"],
    [{ validityDays: 0 }, "validityDays must be a whole number"],
    [{ serialNumber: "00" }, "serialNumber must not be zero"],
    [{ serialNumber: "xyz" }, 'serialNumber "xyz" is not hexadecimal'],
  ] satisfies [Partial<TppCertificateOptions>, string][])("%o: %s", (overrides, message) => {
    expectError(() => issueTppCertificate(options(overrides)), "OPTIONS_INVALID", message);
  });

  it("refuses an issuer that is not a CA", () => {
    const tpp = issueTppCertificate(options());
    const issuer = { certificatePem: tpp.certificatePem, privateKeyPem: tppKeyPem };
    expectError(() => issueTppCertificate(options({ issuer })), "OPTIONS_INVALID", "issuer.certificatePem is not a CA certificate");
  });

  it("refuses an issuer key that is not the CA certificate's", () => {
    const issuer = { certificatePem: ca.certificatePem, privateKeyPem: ca2KeyPem };
    expectError(
      () => issueTppCertificate(options({ issuer })),
      "KEY_MISMATCH",
      "issuer.privateKeyPem is not the key of issuer.certificatePem",
    );
  });

  it("refuses an issuer certificate that is not a certificate", () => {
    const issuer = { certificatePem: tppKeyPem, privateKeyPem: ca.privateKeyPem };
    expectError(
      () => issueTppCertificate(options({ issuer })),
      "PEM_INVALID",
      'issuer.certificatePem: expected a CERTIFICATE PEM block, found "PRIVATE KEY"',
    );
  });

  it("refuses a subject key that is not RSA or too short", () => {
    const ecKey = generateKeyPairSyncPem("ec");
    expectError(() => issueTppCertificate(options({ subjectKey: { privateKeyPem: ecKey } })), "KEY_INVALID", "must be an RSA key");
    const shortKey = generateKeyPairSyncPem("rsa1024");
    expectError(
      () => issueTppCertificate(options({ subjectKey: { privateKeyPem: shortKey } })),
      "KEY_INVALID",
      "has 1024 bits; at least 2048",
    );
    expectError(
      () => issueTppCertificate(options({ subjectKey: { publicKeyPem: "nonsense" } })),
      "KEY_INVALID",
      "subjectKey.publicKeyPem is not a readable public key",
    );
  });
});

function createPrivateKeyOf(pem: string | null) {
  if (pem === null) throw new Error("no key");
  return createPrivateKey(pem);
}

function generateKeyPairSyncPem(kind: "ec" | "rsa1024"): string {
  const { privateKey } =
    kind === "ec" ? generateKeyPairSync("ec", { namedCurve: "P-256" }) : generateKeyPairSync("rsa", { modulusLength: 1024 });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}
