/**
 * The one error type of the certificates module, with a closed set of codes.
 *
 * Messages say what is wrong and name the field or block; they never contain key material.
 */
export const CERTIFICATE_ERROR_CODES = [
  /** Input is not PEM, a PEM block is malformed, or a block of the wrong type was given. */
  "PEM_INVALID",
  /** The bytes are not a DER X.509 certificate, or one of its fields is malformed. */
  "CERTIFICATE_PARSE",
  /** A private or public key cannot be read, or is not a usable RSA key. */
  "KEY_INVALID",
  /** An encrypted PEM private key could not be decrypted with the passphrase given. */
  "KEY_PASSWORD",
  /** A private key does not belong to the certificate it was paired with. */
  "KEY_MISMATCH",
  /** The input is not a readable PKCS#12 file, or holds no usable key and certificate. */
  "PKCS12_INVALID",
  /** The PKCS#12 password is wrong (integrity check or decryption failed). */
  "PKCS12_PASSWORD",
  /** An argument to a create or issue function breaks a rule (names the argument). */
  "OPTIONS_INVALID",
] as const;

export type CertificateErrorCode = (typeof CERTIFICATE_ERROR_CODES)[number];

export class CertificateError extends Error {
  override readonly name = "CertificateError";
  readonly code: CertificateErrorCode;

  constructor(code: CertificateErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The message of an unknown thrown value, for wrapping library errors. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
