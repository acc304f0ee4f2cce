/**
 * PEM blocks: find them in text (ignoring text around them, such as OpenSSL's "Bag Attributes"),
 * and write them in the normal form (64-character lines, LF, final newline).
 *
 * @see RFC 7468
 */
import { CertificateError } from "./certificate-error";

export interface PemBlock {
  /** The label, e.g. "CERTIFICATE", "PRIVATE KEY", "RSA PRIVATE KEY". */
  readonly label: string;
  /** The block as found, BEGIN to END line, for node:crypto (which reads encryption headers). */
  readonly text: string;
  /** The decoded body; undefined when the block has headers (legacy encrypted PEM). */
  readonly der: Uint8Array | undefined;
}

const blockPattern = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;

/** Every PEM block in the text, in order; throws PEM_INVALID for a malformed block. */
export function readPemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const match of text.matchAll(blockPattern)) {
    const [whole, label = "", body = "", endLabel = ""] = match;
    if (label !== endLabel) {
      throw new CertificateError("PEM_INVALID", `PEM block "BEGIN ${label}" ends with "END ${endLabel}"`);
    }
    if (/^[\w-]+:/m.test(body)) {
      // RFC 1421 headers (Proc-Type, DEK-Info): only node:crypto can read these.
      blocks.push({ label, text: whole, der: undefined });
      continue;
    }
    const base64 = body.replace(/\s+/g, "");
    if (base64.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
      throw new CertificateError("PEM_INVALID", `PEM block "${label}" does not hold valid Base64`);
    }
    blocks.push({ label, text: whole, der: new Uint8Array(Buffer.from(base64, "base64")) });
  }
  if (blocks.length === 0 && text.includes("-----BEGIN ")) {
    throw new CertificateError("PEM_INVALID", "PEM text has a BEGIN line without a matching END line");
  }
  return blocks;
}

/** A PEM block in normal form: 64-character Base64 lines, LF line ends, a final newline. */
export function writePem(label: string, der: Uint8Array): string {
  const base64 = Buffer.from(der).toString("base64");
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}
