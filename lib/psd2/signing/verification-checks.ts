import type { Psd2ErrorCode } from "../errors/error-codes";

/**
 * The checks a verifier makes, in the order failures are reported (the order of docs/interface/request-signing.md#the-banks-checks:
 * presence, digest, syntax, algorithm, header policy, certificate, keyId, RSA verify). The ids
 * are those of the test vectors; certificate.parse, certificate.format, digest.syntax,
 * signature.syntax and keyId.syntax are this module's own, for inputs no vector covers.
 * @see docs/interface/request-signing.md#the-banks-checks
 */
export const VERIFICATION_CHECKS = [
  "signature.present",
  "certificate.present",
  "digest.present",
  "digest.syntax",
  "digest.algorithm",
  "digest.match",
  "signatureHeader.encoding",
  "signature.syntax",
  "headers.syntax",
  "signature.algorithm",
  "headers.mandatory",
  "headers.conditional",
  "headers.present",
  "certificate.parse",
  "certificate.format",
  "certificate.validity",
  "certificate.chain",
  "keyId.syntax",
  "keyId.serial",
  "keyId.serial.format",
  "keyId.ca",
  "keyId.ca.format",
  "signature.verify",
] as const;

export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number];

/** The codes a signature or certificate failure is answered with (400). @see docs/interface/errors.md#statuses-by-code */
export type SignatureErrorCode = Extract<
  Psd2ErrorCode,
  "SIGNATURE_MISSING" | "CERTIFICATE_MISSING" | "CERTIFICATE_INVALID" | "CERTIFICATE_EXPIRED" | "SIGNATURE_INVALID"
>;

/**
 * When several checks fail, the code is the first of these that any failure carries: what is
 * missing first, then a certificate the bank will not accept whatever the signature (malformed or
 * untrusted before expired, since an untrusted certificate's dates mean nothing), then the signature.
 * @see docs/interface/errors.md#statuses-by-code
 */
export const ERROR_CODE_PRIORITY: readonly SignatureErrorCode[] = [
  "SIGNATURE_MISSING",
  "CERTIFICATE_MISSING",
  "CERTIFICATE_INVALID",
  "CERTIFICATE_EXPIRED",
  "SIGNATURE_INVALID",
];

const ORDER = new Map<VerificationCheck, number>(VERIFICATION_CHECKS.map((check, i) => [check, i]));

/** The code a failed check is answered with. @see docs/interface/errors.md#statuses-by-code and docs/interface/request-signing.md#the-banks-checks */
export function codeOfCheck(check: VerificationCheck): SignatureErrorCode {
  switch (check) {
    case "signature.present":
      return "SIGNATURE_MISSING";
    case "certificate.present":
      return "CERTIFICATE_MISSING";
    case "certificate.parse":
    case "certificate.format":
    case "certificate.chain":
      return "CERTIFICATE_INVALID";
    case "certificate.validity":
      return "CERTIFICATE_EXPIRED";
    default:
      return "SIGNATURE_INVALID";
  }
}

/** The position of a check in VERIFICATION_CHECKS, for sorting failures. @see docs/interface/request-signing.md#the-banks-checks */
export function rankOfCheck(check: VerificationCheck): number {
  return ORDER.get(check) ?? VERIFICATION_CHECKS.length;
}

/** The code of a set of failed checks by ERROR_CODE_PRIORITY, or null when none failed. @see docs/interface/errors.md#statuses-by-code */
export function selectErrorCode(checks: Iterable<VerificationCheck>): SignatureErrorCode | null {
  let best: number | undefined;
  for (const check of checks) {
    const rank = ERROR_CODE_PRIORITY.indexOf(codeOfCheck(check));
    if (best === undefined || rank < best) best = rank;
  }
  return best === undefined ? null : (ERROR_CODE_PRIORITY[best] ?? null);
}
