/**
 * Whether a private key belongs to a certificate (its public key is the key's public half).
 *
 * @see RFC 5280 §4.1.2.7
 */
import { X509Certificate } from "node:crypto";
import { CertificateError, messageOf } from "./certificate-error";
import { readPrivateKey } from "./keys";
import { certificateDerOf } from "./read-certificate";

/** node:crypto's reading of a certificate, with this module's errors. */
function x509Of(certificate: string | Uint8Array): X509Certificate {
  const der = certificateDerOf(certificate);
  try {
    return new X509Certificate(der);
  } catch (error) {
    throw new CertificateError("CERTIFICATE_PARSE", `certificate is not readable X.509 (${messageOf(error)})`, { cause: error });
  }
}

/** True when the PEM private key is the certificate's key pair. @see RFC 5280 §4.1.2.7 */
export function privateKeyMatchesCertificate(privateKeyPem: string, certificate: string | Uint8Array, passphrase?: string): boolean {
  return x509Of(certificate).checkPrivateKey(readPrivateKey(privateKeyPem, "privateKeyPem", passphrase));
}
