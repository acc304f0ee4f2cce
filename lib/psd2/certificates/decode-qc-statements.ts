/**
 * Reads the qcStatements extension value: QcCompliance, the QcType OIDs and the PSD2 statement.
 *
 * Tolerant where real certificates differ (unknown statements are skipped, a role is known by its
 * OID or else by its name, unknown roles are skipped); strict about DER.
 *
 * @see ETSI TS 119 495 §5.1, ETSI EN 319 412-5 §4.2
 */
import { readDerOid, readDerSequence, readDerValue, readDirectoryString } from "../x509";
import { withCertificateParseErrors } from "./certificate-error";
import { type CompetentAuthority } from "./encode-qc-statements";
import { OID } from "./oids";
import { isPsd2Role, psd2RoleOfOid, type Psd2Role } from "./psd2-roles";

export interface QcStatements {
  readonly qcCompliance: boolean;
  /** QcType OIDs, e.g. 0.4.0.1862.1.6.2 (eseal). */
  readonly qcTypes: readonly string[];
  /** The PSD2 statement, or null when the certificate has none. */
  readonly psd2: { readonly roles: readonly Psd2Role[]; readonly competentAuthority: CompetentAuthority } | null;
}

function readQcStatements(der: Uint8Array): QcStatements {
  const what = "qcStatements";
  let qcCompliance = false;
  let qcTypes: string[] = [];
  let psd2: QcStatements["psd2"] = null;
  readDerSequence(der, readDerValue(der, what), what).forEach((statement, i) => {
    const where = `${what}[${i}]`;
    const [id, info] = readDerSequence(der, statement, where);
    const statementId = readDerOid(der, id, `${where}.statementId`);
    if (statementId === OID.qcCompliance) {
      qcCompliance = true;
    } else if (statementId === OID.qcType && info !== undefined) {
      qcTypes = readDerSequence(der, info, `${where}.qcType`).map((t, j) => readDerOid(der, t, `${where}.qcType[${j}]`));
    } else if (statementId === OID.psd2QcStatement) {
      const [rolesOfPsp, ncaName, ncaId] = readDerSequence(der, info, `${where}.psd2QcType`);
      const roles: Psd2Role[] = [];
      readDerSequence(der, rolesOfPsp, `${where}.rolesOfPSP`).forEach((roleElement, j) => {
        const [roleOid, roleName] = readDerSequence(der, roleElement, `${where}.rolesOfPSP[${j}]`);
        const name = roleName === undefined ? "" : readDirectoryString(der, roleName, `${where}.rolesOfPSP[${j}].roleOfPspName`);
        const role =
          psd2RoleOfOid(readDerOid(der, roleOid, `${where}.rolesOfPSP[${j}].roleOfPspOid`)) ?? (isPsd2Role(name) ? name : undefined);
        if (role !== undefined && !roles.includes(role)) roles.push(role);
      });
      psd2 = {
        roles,
        competentAuthority: {
          name: readDirectoryString(der, ncaName, `${where}.nCAName`),
          id: readDirectoryString(der, ncaId, `${where}.nCAId`),
        },
      };
    }
  });
  return { qcCompliance, qcTypes, psd2 };
}

/** Decodes a qcStatements extension value; throws CERTIFICATE_PARSE when it is malformed. @see ETSI TS 119 495 §5.1 */
export function decodeQcStatements(der: Uint8Array): QcStatements {
  return withCertificateParseErrors(() => readQcStatements(der));
}
