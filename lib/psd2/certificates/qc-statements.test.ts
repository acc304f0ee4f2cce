// The PSD2 QC statement (ETSI TS 119 495 §5.1) and the QC statements around it (ETSI EN 319 412-5).
import { describe, expect, it } from "vitest";
import { expectCertificateError, SHARED_KEYS } from "./certificates.test-support";
import { decodeQcStatements } from "./decode-qc-statements";
import { DEFAULT_COMPETENT_AUTHORITY, encodeQcStatements } from "./encode-qc-statements";
import { OID } from "./oids";
import { readCertificate } from "./read-certificate";

function referenceQcStatements(): Uint8Array {
  const extension = readCertificate(SHARED_KEYS.tppCertPem).extensions.find((e) => e.oid === OID.qcStatements);
  if (extension === undefined) throw new Error("tpp.cert.pem has no qcStatements");
  return extension.value;
}

describe("encodeQcStatements", () => {
  it("writes exactly the reference certificate's value for PSP_PI, PSP_AI and Finanstilsynet / NO-FSA", () => {
    const mine = encodeQcStatements({ roles: ["PSP_PI", "PSP_AI"], competentAuthority: DEFAULT_COMPETENT_AUTHORITY });
    expect(Buffer.from(mine).toString("hex")).toBe(Buffer.from(referenceQcStatements()).toString("hex"));
  });

  it("keeps the roles' order, drops duplicates, and round-trips all four roles", () => {
    const der = encodeQcStatements({
      roles: ["PSP_IC", "PSP_AS", "PSP_AI", "PSP_PI", "PSP_AI"],
      competentAuthority: { name: "Finansinspektionen", id: "SE-FINA" },
    });
    expect(decodeQcStatements(der)).toEqual({
      qcCompliance: true,
      qcTypes: [OID.qcTypeEseal],
      psd2: { roles: ["PSP_IC", "PSP_AS", "PSP_AI", "PSP_PI"], competentAuthority: { name: "Finansinspektionen", id: "SE-FINA" } },
    });
  });

  it("leaves the PSD2 statement out without roles", () => {
    const der = encodeQcStatements({ roles: [], competentAuthority: DEFAULT_COMPETENT_AUTHORITY });
    expect(decodeQcStatements(der).psd2).toBeNull();
  });

  it("refuses a competent authority id that is not <country>-<2-8 capitals>", () => {
    expectCertificateError(
      () => encodeQcStatements({ roles: ["PSP_AI"], competentAuthority: { name: "Finanstilsynet", id: "no-fsa" } }),
      "OPTIONS_INVALID",
      'competentAuthority.id "no-fsa" is not in the ETSI form',
    );
    expectCertificateError(
      () => encodeQcStatements({ roles: ["PSP_AI"], competentAuthority: { name: " ", id: "NO-FSA" } }),
      "OPTIONS_INVALID",
      "competentAuthority.name must be 1 to 256 characters",
    );
  });
});

describe("decodeQcStatements", () => {
  it("reads the reference: roles in the certificate's order and the authority", () => {
    expect(decodeQcStatements(referenceQcStatements())).toEqual({
      qcCompliance: true,
      qcTypes: [OID.qcTypeEseal],
      psd2: { roles: ["PSP_PI", "PSP_AI"], competentAuthority: { name: "Finanstilsynet", id: "NO-FSA" } },
    });
  });

  it("knows a role by its name when its OID is unknown, and skips a role it does not know at all", () => {
    // SEQUENCE { SEQUENCE { OID 0.4.0.19495.2, SEQUENCE { SEQUENCE OF { {1.2.3, "PSP_AI"}, {1.2.4, "PSP_XX"} }, "N", "NO-FSA" } } }
    const role = (oid: number[], name: string) => [0x30, 6 + name.length, 0x06, 2, ...oid, 0x0c, name.length, ...Buffer.from(name)];
    const roles = [...role([0x2a, 0x03], "PSP_AI"), ...role([0x2a, 0x04], "PSP_XX")];
    const info = [0x30, roles.length, ...roles, 0x0c, 1, 0x4e, 0x0c, 6, ...Buffer.from("NO-FSA")];
    const psd2 = [0x06, 6, 0x04, 0x00, 0x81, 0x98, 0x27, 0x02, 0x30, info.length, ...info];
    const der = new Uint8Array([0x30, psd2.length + 2, 0x30, psd2.length, ...psd2]);
    expect(decodeQcStatements(der).psd2).toEqual({ roles: ["PSP_AI"], competentAuthority: { name: "N", id: "NO-FSA" } });
  });

  it("skips statements it does not know", () => {
    const der = new Uint8Array([0x30, 0x07, 0x30, 0x05, 0x06, 0x03, 0x2a, 0x03, 0x04]);
    expect(decodeQcStatements(der)).toEqual({ qcCompliance: false, qcTypes: [], psd2: null });
  });

  it("refuses malformed DER with CERTIFICATE_PARSE naming the place", () => {
    expectCertificateError(
      () => decodeQcStatements(new Uint8Array([0x30, 0x05, 0x30])),
      "CERTIFICATE_PARSE",
      "qcStatements: element runs past the end",
    );
    expectCertificateError(
      () => decodeQcStatements(new Uint8Array([0x30, 0x03, 0x30, 0x01, 0x05])),
      "CERTIFICATE_PARSE",
      "qcStatements[0]: unexpected end of data in a length",
    );
    expectCertificateError(
      () => decodeQcStatements(new Uint8Array([0x30, 0x04, 0x30, 0x02, 0x05, 0x00])),
      "CERTIFICATE_PARSE",
      "qcStatements[0].statementId: expected tag 0x06, found 0x05",
    );
  });
});
