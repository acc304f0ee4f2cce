/**
 * Reads exactly one certificate from PEM text and returns it in normal PEM form.
 *
 * @see RFC 7468 §5
 */
import { CertificateError } from "./certificate-error";
import { certificateDerOfBlock } from "./load-pem-bundle";
import { readPemBlocks, writePem } from "./pem";

/** One CERTIFICATE block, checked and normalised; any other block type is PEM_INVALID. @see RFC 7468 §5 */
export function loadCertificatePem(text: string): string {
  const blocks = readPemBlocks(text);
  const [block] = blocks;
  if (block === undefined) throw new CertificateError("PEM_INVALID", "no PEM block found; expected a CERTIFICATE");
  if (blocks.length > 1) {
    throw new CertificateError("PEM_INVALID", `PEM text holds ${blocks.length} blocks; expected one CERTIFICATE`);
  }
  if (block.label !== "CERTIFICATE") {
    throw new CertificateError("PEM_INVALID", `expected a CERTIFICATE PEM block, found "${block.label}"`);
  }
  return writePem("CERTIFICATE", certificateDerOfBlock(block, 0));
}
