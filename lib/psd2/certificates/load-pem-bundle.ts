/**
 * Reads a PEM file that may hold a private key and certificates (in any order, with text around
 * the blocks, as `openssl pkcs12 -nodes` writes), and returns them normalised: the key as PKCS#8
 * PEM, the certificates as PEM in normal form, the leaf (the one matching the key) apart from
 * the chain.
 *
 * @see RFC 7468, docs/interface/certificates.md#certificates-and-tpp-registration
 */
import { X509Certificate } from "node:crypto";
import { CertificateError, messageOf } from "./certificate-error";
import { privateKeyToPkcs8Pem, readPrivateKey } from "./keys";
import { readPemBlocks, writePem, type PemBlock } from "./pem";
import { readCertificate } from "./read-certificate";

export interface PemBundle {
  /** PKCS#8 PEM, or null when the text holds no key. */
  readonly privateKeyPem: string | null;
  /** The certificate matching the key; without a key, the first certificate; null when none. */
  readonly certificatePem: string | null;
  /** The other certificates, in the order found. */
  readonly chainPems: readonly string[];
}

export const PRIVATE_KEY_LABELS: readonly string[] = ["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY", "ENCRYPTED PRIVATE KEY"];

/** A certificate block's DER, checked by the strict reader (which asks node:crypto too). */
export function certificateDerOfBlock(block: PemBlock, index: number): Uint8Array {
  if (block.der === undefined) {
    throw new CertificateError("PEM_INVALID", `PEM block ${index + 1} (CERTIFICATE) has headers; a certificate has none`);
  }
  try {
    readCertificate(block.der);
  } catch (error) {
    throw new CertificateError("CERTIFICATE_PARSE", `PEM block ${index + 1} (CERTIFICATE): ${messageOf(error)}`, { cause: error });
  }
  return block.der;
}

/** Splits and normalises a PEM text of a key and certificates. @see RFC 7468 */
export function loadPemBundle(text: string, options: { passphrase?: string } = {}): PemBundle {
  const blocks = readPemBlocks(text);
  if (blocks.length === 0) {
    throw new CertificateError("PEM_INVALID", "no PEM block found (expected -----BEGIN CERTIFICATE----- or a PRIVATE KEY)");
  }
  const certificates: { pem: string; x509: X509Certificate }[] = [];
  const keys: string[] = [];
  blocks.forEach((block, index) => {
    if (block.label === "CERTIFICATE") {
      const der = certificateDerOfBlock(block, index);
      certificates.push({ pem: writePem("CERTIFICATE", der), x509: new X509Certificate(der) });
    } else if (PRIVATE_KEY_LABELS.includes(block.label)) {
      keys.push(block.text);
    } else {
      throw new CertificateError("PEM_INVALID", `PEM block ${index + 1} is "${block.label}"; expected CERTIFICATE or a PRIVATE KEY`);
    }
  });
  if (keys.length > 1) {
    throw new CertificateError("PEM_INVALID", `PEM text holds ${keys.length} private keys; expected at most one`);
  }
  const [keyText] = keys;
  if (keyText === undefined) {
    const [first, ...rest] = certificates;
    return { privateKeyPem: null, certificatePem: first?.pem ?? null, chainPems: rest.map((c) => c.pem) };
  }
  const key = readPrivateKey(keyText, "the PEM private key", options.passphrase);
  const privateKeyPem = privateKeyToPkcs8Pem(key);
  if (certificates.length === 0) return { privateKeyPem, certificatePem: null, chainPems: [] };
  const leaf = certificates.find((c) => c.x509.checkPrivateKey(key));
  if (leaf === undefined) {
    throw new CertificateError("KEY_MISMATCH", "the private key matches none of the certificates in the PEM text");
  }
  return {
    privateKeyPem,
    certificatePem: leaf.pem,
    chainPems: certificates.filter((c) => c !== leaf).map((c) => c.pem),
  };
}
