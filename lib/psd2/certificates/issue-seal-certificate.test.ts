// The bank's own seal certificate for response signing (docs/interface/request-signing.md#request-signing "Response signing", docs/interface/certificates.md#certificates-and-tpp-registration).
import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectCertificateError, SHARED_KEYS } from "./certificates.test-support";
import { decodeQcStatements } from "./decode-qc-statements";
import { issueSealCertificate } from "./issue-seal-certificate";
import { OID } from "./oids";
import { readCertificate } from "./read-certificate";
import { readCertificateInfo } from "./read-certificate-info";

const issuer = { certificatePem: SHARED_KEYS.ca1CertPem, privateKeyPem: SHARED_KEYS.ca1KeyPem };
const now = new Date("2025-01-01T00:00:00Z");
const subjectKey = { privateKeyPem: SHARED_KEYS.tppKeyPem };

describe("issueSealCertificate", () => {
  it("without roles: QcCompliance and QcType eseal, no PSD2 statement, roles []", () => {
    const seal = issueSealCertificate({
      issuer,
      organizationName: "Sandbox Bank ASA",
      organizationIdentifier: "NTRNO-999999999",
      now,
      subjectKey,
    });
    const info = readCertificateInfo(seal.certificatePem);
    expect(info.roles).toEqual([]);
    expect(info.competentAuthority).toBeNull();
    expect(info.organizationIdentifier).toBe("NTRNO-999999999");
    expect(info.commonName).toBe("Sandbox Bank ASA");
    const qc = readCertificate(seal.certificatePem).extensions.find((e) => e.oid === OID.qcStatements);
    expect(decodeQcStatements(qc?.value ?? new Uint8Array())).toEqual({ qcCompliance: true, qcTypes: [OID.qcTypeEseal], psd2: null });
    const x509 = new X509Certificate(seal.certificatePem);
    expect(x509.ca).toBe(false);
    expect(x509.verify(new X509Certificate(SHARED_KEYS.ca1CertPem).publicKey)).toBe(true);
  });

  it("without an organizationIdentifier at all", () => {
    const seal = issueSealCertificate({
      issuer,
      organizationName: "Sandbox Bank ASA",
      commonName: "Sandbox Bank ASA response seal",
      now,
      subjectKey,
    });
    expect(readCertificateInfo(seal.certificatePem).subject).toBe("CN=Sandbox Bank ASA response seal, O=Sandbox Bank ASA, C=NO");
  });

  it("with the role PSP_AS: a full PSD2 certificate", () => {
    const seal = issueSealCertificate({
      issuer,
      organizationName: "Sandbox Bank ASA",
      organizationIdentifier: "PSDNO-FSA-987654321",
      roles: ["PSP_AS"],
      now,
      subjectKey,
    });
    const info = readCertificateInfo(seal.certificatePem);
    expect(info.roles).toEqual(["PSP_AS"]);
    expect(info.competentAuthority).toEqual({ name: "Finanstilsynet", id: "NO-FSA" });
  });

  it("requires an organizationIdentifier in PSD2 form when roles are given", () => {
    expectCertificateError(
      () => issueSealCertificate({ issuer, organizationName: "Sandbox Bank ASA", roles: ["PSP_AS"], now, subjectKey }),
      "OPTIONS_INVALID",
      "organizationIdentifier is required for a certificate with PSD2 roles",
    );
    expectCertificateError(
      () =>
        issueSealCertificate({ issuer, organizationName: "Bank", organizationIdentifier: "NTRNO-1", roles: ["PSP_AS"], now, subjectKey }),
      "OPTIONS_INVALID",
      "is not in the PSD2 form",
    );
  });
});
