import { createHash } from "node:crypto";
import { SigningError } from "./signing-error";

/** The Digest algorithms of the interface, spelt as the RFC 5843 tokens. */
export type DigestAlgorithm = "SHA-256" | "SHA-512";

/** One `<algorithm>=<Base64>` entry of a Digest header, as written. */
export interface DigestEntry {
  readonly algorithm: string;
  readonly value: string;
}

const NODE_HASH: Readonly<Record<DigestAlgorithm, string>> = { "SHA-256": "sha256", "SHA-512": "sha512" };

/** Whether a token is exactly one of the supported Digest algorithm tokens. @see RFC 5843 §2 */
export function isDigestAlgorithm(token: string): token is DigestAlgorithm {
  return Object.hasOwn(NODE_HASH, token);
}

/**
 * The Digest header value for a body: `SHA-256=<Base64 of the SHA-256 of the body octets>`
 * (strings are hashed as UTF-8; an empty body gives `SHA-256=47DEQpj8...`).
 * @see docs/interface/request-signing.md#digest
 * @see RFC 3230 §4.3.2; RFC 5843 §2
 */
export function computeDigest(body: string | Uint8Array, algorithm: DigestAlgorithm = "SHA-256"): string {
  const hash = NODE_HASH[algorithm];
  if (hash === undefined) {
    throw new SigningError("DIGEST_ALGORITHM_UNSUPPORTED", `digest algorithm '${String(algorithm)}' is not SHA-256 or SHA-512`);
  }
  return `${algorithm}=${createHash(hash).update(body).digest("base64")}`;
}

/**
 * Splits a Digest header into its `<algorithm>=<value>` entries (comma-separated per RFC 3230);
 * the algorithm tokens are returned as written.
 * @see RFC 3230 §4.3.2
 */
export function parseDigestHeader(value: string): DigestEntry[] {
  const entries: DigestEntry[] = [];
  for (const raw of value.split(",")) {
    const item = raw.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq <= 0 || eq === item.length - 1) {
      throw new SigningError("DIGEST_HEADER_SYNTAX", `Digest entry '${item}' is not of the form '<algorithm>=<Base64 value>'`);
    }
    entries.push({ algorithm: item.slice(0, eq).trim(), value: item.slice(eq + 1).trim() });
  }
  if (entries.length === 0) {
    throw new SigningError("DIGEST_HEADER_SYNTAX", "the Digest header is empty");
  }
  return entries;
}
