/**
 * The one error type of the certificates module, with a closed set of codes.
 *
 * Messages say what is wrong and name the field or block; they never contain key material.
 */
import { X509Error } from "../x509";

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

/**
 * Runs a read done with lib/psd2/x509 (its DER reader or certificate parser) and turns an
 * X509Error into CERTIFICATE_PARSE: a DER error keeps its message, which names the field; any
 * other is about the certificate as a whole.
 */
export function withCertificateParseErrors<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof X509Error)) throw error;
    const der =
      error.code === "DER_SYNTAX" ? error : error.cause instanceof X509Error && error.cause.code === "DER_SYNTAX" ? error.cause : null;
    const message = der === null ? `certificate: ${error.message}` : der.message;
    throw new CertificateError("CERTIFICATE_PARSE", message, { cause: error });
  }
}
