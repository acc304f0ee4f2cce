/**
 * A TPP's eIDAS seal certificate (QSealC-like) for request signing, signed by the sandbox CA.
 *
 * @see ETSI TS 119 495 §5.1 and §5.2.1, docs/interface/certificates.md#certificates-and-tpp-registration
 */
import { CertificateError } from "./certificate-error";
import { issueEsealCertificate, type EsealCertificateOptions } from "./issue-eseal-certificate";
import { type IssuedCertificate } from "./issue-options";
import { type Psd2Role } from "./psd2-roles";

export interface TppCertificateOptions extends EsealCertificateOptions {
  /** e.g. "PSDNO-FSA-123456": PSD, country, the NCA's id, the TPP's id. */
  readonly organizationIdentifier: string;
  /** At least one; PSP_AI and/or PSP_PI for a TPP (PSP_AS, PSP_IC also allowed). */
  readonly roles: readonly Psd2Role[];
  /** Default 730 (two years). */
  readonly validityDays?: number;
}

/** A TPP certificate with the PSD2 QC statement and organizationIdentifier. @see ETSI TS 119 495 §5.1, docs/interface/certificates.md#certificates-and-tpp-registration */
export function issueTppCertificate(options: TppCertificateOptions): IssuedCertificate {
  if (options.roles.length === 0) {
    throw new CertificateError("OPTIONS_INVALID", "roles must hold at least one PSD2 role, e.g. PSP_AI or PSP_PI");
  }
  return issueEsealCertificate(options, 730);
}
