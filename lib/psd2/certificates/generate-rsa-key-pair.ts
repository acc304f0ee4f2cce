/**
 * RSA key pairs from node:crypto (OpenSSL), in PEM: PKCS#8 private, SPKI public.
 *
 * node:crypto generates a 2048-bit key in tens of milliseconds; node-forge's pure-JS generator
 * takes seconds, so it is never used. Servers should use the async variant, which runs in
 * libuv's thread pool and leaves the event loop free.
 */
import { generateKeyPair, generateKeyPairSync } from "node:crypto";
import { promisify } from "node:util";
import { CertificateError } from "./certificate-error";

export interface RsaKeyPair {
  /** PKCS#8 PEM ("BEGIN PRIVATE KEY"). */
  readonly privateKeyPem: string;
  /** SPKI PEM ("BEGIN PUBLIC KEY"). */
  readonly publicKeyPem: string;
}

export type RsaModulusLength = 2048 | 3072 | 4096;

function checkModulusLength(modulusLength: number): void {
  if (![2048, 3072, 4096].includes(modulusLength)) {
    throw new CertificateError("OPTIONS_INVALID", `modulusLength must be 2048, 3072 or 4096, not ${modulusLength}`);
  }
}

/** A new RSA key pair (blocks the thread: tens of ms for 2048 bits). @see RFC 8017 */
export function generateRsaKeyPair(modulusLength: RsaModulusLength = 2048): RsaKeyPair {
  checkModulusLength(modulusLength);
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

const generateKeyPairAsync = promisify(generateKeyPair);

/** A new RSA key pair, generated off the event loop. @see RFC 8017 */
export async function generateRsaKeyPairAsync(modulusLength: RsaModulusLength = 2048): Promise<RsaKeyPair> {
  checkModulusLength(modulusLength);
  const { privateKey, publicKey } = await generateKeyPairAsync("rsa", {
    modulusLength,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
