/**
 * Reads exactly one private key from PEM text (PKCS#8, PKCS#1, SEC 1, or encrypted PKCS#8 with
 * a passphrase) and returns it as unencrypted PKCS#8 PEM.
 *
 * @see RFC 5208, RFC 8017 Appendix A.1.2, RFC 7468 §10-11
 */
import { CertificateError } from "./certificate-error";
import { privateKeyToPkcs8Pem, readPrivateKey } from "./keys";
import { PRIVATE_KEY_LABELS } from "./load-pem-bundle";
import { readPemBlocks } from "./pem";

/** One private key block as PKCS#8 PEM; a certificate or other block is PEM_INVALID. @see RFC 5208 */
export function loadPrivateKeyPem(text: string, options: { passphrase?: string } = {}): string {
  const blocks = readPemBlocks(text);
  const [block] = blocks;
  if (block === undefined) throw new CertificateError("PEM_INVALID", "no PEM block found; expected a PRIVATE KEY");
  if (blocks.length > 1) {
    throw new CertificateError("PEM_INVALID", `PEM text holds ${blocks.length} blocks; expected one PRIVATE KEY`);
  }
  if (!PRIVATE_KEY_LABELS.includes(block.label)) {
    throw new CertificateError("PEM_INVALID", `expected a PRIVATE KEY PEM block, found "${block.label}"`);
  }
  return privateKeyToPkcs8Pem(readPrivateKey(block.text, "the PEM private key", options.passphrase));
}
