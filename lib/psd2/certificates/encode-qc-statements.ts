/**
 * The qcStatements extension value of an eIDAS seal certificate with the PSD2 statement.
 *
 * QCStatements ::= SEQUENCE OF QCStatement, here:
 *   QcCompliance (0.4.0.1862.1.1),
 *   QcType (0.4.0.1862.1.6) { eseal },
 *   PSD2QcType (0.4.0.19495.2) { SEQUENCE OF { roleOfPspOid, roleOfPspName }, nCAName, nCAId }
 * which is the structure of the shared reference certificate (tpp.cert.pem).
 *
 * @see ETSI TS 119 495 §5.1, ETSI EN 319 412-5 §4.2.1 and §4.2.3
 */
import { CertificateError } from "./certificate-error";
import { oid, sequence, toDer, utf8String, type Asn1 } from "./der-writer";
import { OID } from "./oids";
import { PSD2_ROLE_OIDS, type Psd2Role } from "./psd2-roles";

/** The national competent authority that authorised the PSP. @see ETSI TS 119 495 §5.1 */
export interface CompetentAuthority {
  /** nCAName, e.g. "Finanstilsynet". */
  readonly name: string;
  /** nCAId: the country code, "-", and the authority's 2-8 letter identifier, e.g. "NO-FSA". */
  readonly id: string;
}

export const DEFAULT_COMPETENT_AUTHORITY: CompetentAuthority = { name: "Finanstilsynet", id: "NO-FSA" };

export interface QcStatementsOptions {
  /** The PSD2 roles; with none, the PSD2 statement is left out (QcCompliance and QcType stay). */
  readonly roles: readonly Psd2Role[];
  readonly competentAuthority: CompetentAuthority;
  /** QcType: eseal (a seal, the default) or web (a QWAC, for TLS). @see ETSI EN 319 412-5 §4.2.3 */
  readonly qcType?: "eseal" | "web";
}

/** Checks the nCAName and nCAId of ETSI TS 119 495 §5.1 (nCAId: CC-XXXX, 2-8 capitals). */
export function checkCompetentAuthority(authority: CompetentAuthority): void {
  if (authority.name.trim().length === 0 || authority.name.length > 256) {
    throw new CertificateError("OPTIONS_INVALID", "competentAuthority.name must be 1 to 256 characters");
  }
  if (!/^[A-Z]{2}-[A-Z]{2,8}$/.test(authority.id)) {
    throw new CertificateError(
      "OPTIONS_INVALID",
      `competentAuthority.id "${authority.id}" is not in the ETSI form <country>-<2-8 capitals>, e.g. NO-FSA`,
    );
  }
}

/** DER of the qcStatements extension value for an eSeal, with the PSD2 statement when roles are given. @see ETSI TS 119 495 §5.1 */
export function encodeQcStatements(options: QcStatementsOptions): Uint8Array {
  checkCompetentAuthority(options.competentAuthority);
  const statements: Asn1[] = [
    sequence([oid(OID.qcCompliance)]),
    sequence([oid(OID.qcType), sequence([oid(options.qcType === "web" ? OID.qcTypeWeb : OID.qcTypeEseal)])]),
  ];
  const roles = [...new Set(options.roles)];
  if (roles.length > 0) {
    const rolesOfPsp = sequence(roles.map((role) => sequence([oid(PSD2_ROLE_OIDS[role]), utf8String(role)])));
    statements.push(
      sequence([
        oid(OID.psd2QcStatement),
        sequence([rolesOfPsp, utf8String(options.competentAuthority.name), utf8String(options.competentAuthority.id)]),
      ]),
    );
  }
  return toDer(sequence(statements));
}
