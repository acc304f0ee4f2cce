/** What went wrong while reading certificates, names or key ids. */
export type X509ErrorCode = "DER_SYNTAX" | "PEM_SYNTAX" | "CERTIFICATE_INVALID" | "DN_SYNTAX" | "KEY_ID_SYNTAX";

/** The one error class of lib/psd2/x509: a closed code and a message naming the place. */
export class X509Error extends Error {
  override readonly name = "X509Error";

  constructor(
    readonly code: X509ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
