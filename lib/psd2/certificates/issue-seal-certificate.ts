/**
 * The bank's own seal certificate, with which it signs its responses (docs/interface/request-signing.md#request-signing,
 * "Response signing"). Same profile as a TPP certificate; roles are optional: without them the
 * certificate carries QcCompliance and QcType eseal but no PSD2 statement, and
 * organizationIdentifier is optional (any ETSI form, e.g. NTRNO-999999999); with them
 * (normally PSP_AS) it is a full PSD2 certificate and organizationIdentifier is required.
 *
 * @see ETSI TS 119 495 §5.1, docs/interface/request-signing.md#request-signing and docs/interface/certificates.md#certificates-and-tpp-registration
 */
import { issueEsealCertificate, type EsealCertificateOptions } from "./issue-eseal-certificate";
import { type IssuedCertificate } from "./issue-options";

export type SealCertificateOptions = EsealCertificateOptions;

/** The ASPSP's response-signing seal certificate, signed by the sandbox CA. @see ETSI TS 119 495 §5.1, docs/interface/request-signing.md#request-signing */
export function issueSealCertificate(options: SealCertificateOptions): IssuedCertificate {
  return issueEsealCertificate(options, 730);
}
