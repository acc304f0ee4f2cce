/**
 * One certificate from PEM text, Base64 DER or DER, read strictly by lib/psd2/x509's parser
 * with this module's errors.
 *
 * Any key type is accepted here (the reader must not crash on an EC certificate); only issuing
 * insists on RSA.
 *
 * @see RFC 5280 §4.1
 */
import { type ParsedCertificate, parseCertificate } from "../x509";
import { CertificateError, withCertificateParseErrors } from "./certificate-error";
import { readPemBlocks } from "./pem";

/**
 * A certificate's DER from PEM text, Base64 DER (the TPP-Signature-Certificate header's form)
 * or DER octets. A PEM text must hold exactly one block, a CERTIFICATE.
 */
export function certificateDerOf(input: string | Uint8Array): Uint8Array {
  if (typeof input !== "string") return input;
  if (input.includes("-----BEGIN")) {
    const blocks = readPemBlocks(input);
    const [block, second] = blocks;
    if (block === undefined) throw new CertificateError("PEM_INVALID", "PEM text holds no complete block");
    if (second !== undefined) {
      throw new CertificateError("PEM_INVALID", `PEM text holds ${blocks.length} blocks; expected one CERTIFICATE`);
    }
    if (block.label !== "CERTIFICATE" || block.der === undefined) {
      throw new CertificateError("PEM_INVALID", `expected a CERTIFICATE PEM block, found "${block.label}"`);
    }
    return block.der;
  }
  const base64 = input.replace(/\s+/g, "");
  if (base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new CertificateError("PEM_INVALID", "certificate text is neither PEM nor Base64 DER");
  }
  return new Uint8Array(Buffer.from(base64, "base64"));
}

/**
 * Reads exactly one certificate as strict DER (no trailing data, shortest lengths, real dates);
 * throws PEM_INVALID, or CERTIFICATE_PARSE naming the field that is wrong.
 * @see RFC 5280 §4.1
 */
export function readCertificate(input: string | Uint8Array): ParsedCertificate {
  const der = certificateDerOf(input);
  return withCertificateParseErrors(() => parseCertificate(der, { strict: true }));
}
