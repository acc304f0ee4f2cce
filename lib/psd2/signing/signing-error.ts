/** What went wrong while building or reading the signature headers. */
export type SigningErrorCode =
  | "DIGEST_ALGORITHM_UNSUPPORTED"
  | "DIGEST_HEADER_SYNTAX"
  | "SIGNATURE_HEADER_SYNTAX"
  | "RFC2047_SYNTAX"
  | "HEADER_MISSING"
  | "INVALID_INPUT"
  | "KEY_INVALID";

/** The one error class of lib/psd2/signing: a closed code and a message naming the field. */
export class SigningError extends Error {
  override readonly name = "SigningError";

  constructor(
    readonly code: SigningErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
