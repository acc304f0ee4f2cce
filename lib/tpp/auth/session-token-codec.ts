import "server-only";
import { hkdfSync, randomUUID } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import { LRUCache } from "lru-cache";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

/**
 * The app's sign-in token (next-auth's session cookie), in next-auth's own format: a JWE with
 * `alg: dir` and `enc: A256GCM` whose key is HKDF-SHA256 of the secret (info "NextAuth.js
 * Generated Encryption Key", with the salt when there is one). next-auth derives that key afresh
 * on every encode and decode, and a page's request decodes the token twice (the proxy, then the
 * page) and encodes it once (the rolling expiry): three key derivations and two decryptions of
 * the same bytes. Here the key is derived once per secret, and a token already decrypted is read
 * from memory until its own expiry (`exp`), so that a cookie is decrypted once, not on every
 * request. A token never seen, changed in one byte or past its expiry goes through jose's full
 * decryption and checks, as in next-auth.
 */

/** Tokens decrypted and kept in memory; the oldest unused go first. */
const DECODED_CAPACITY = 2_000;

/** next-auth's own leeway for `exp` and `nbf` when it decrypts (seconds). */
const CLOCK_TOLERANCE_SECONDS = 15;

/** next-auth's default lifetime when the options give none (30 days). */
const DEFAULT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

interface EncryptionKey {
  readonly key: Uint8Array;
  /** Which of the keys derived in this process: a token decrypted with one key is never answered for another. */
  readonly id: number;
}

const derivedKeys = new Map<string, EncryptionKey>();

function encryptionKey(secret: JWTEncodeParams["secret"], salt: string): EncryptionKey {
  const material = typeof secret === "string" ? `s:${secret}` : `b:${Buffer.from(secret).toString("base64")}`;
  const name = `${salt}\u0000${material}`;
  const known = derivedKeys.get(name);
  if (known !== undefined) return known;
  const info = `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`;
  const derived = { key: new Uint8Array(hkdfSync("sha256", secret, salt, info, 32)), id: derivedKeys.size };
  derivedKeys.set(name, derived);
  return derived;
}

const decoded = new LRUCache<string, Readonly<JWT>>({ max: DECODED_CAPACITY });

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** next-auth's `jwt.encode`: the token with `iat`, `exp` (now + maxAge) and a fresh `jti`. */
export async function encodeSessionToken(params: JWTEncodeParams): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE_SECONDS, salt = "" } = params;
  return new EncryptJWT(token)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(nowSeconds() + maxAge)
    .setJti(randomUUID())
    .encrypt(encryptionKey(secret, salt).key);
}

/**
 * next-auth's `jwt.decode`: the token's claims, or an error where jose refuses it (another key,
 * changed bytes, expired). A token decrypted before is answered from memory while its `exp` is
 * ahead; each answer is a copy of its own, as callers may change it.
 */
export async function decodeSessionToken(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt = "" } = params;
  if (!token) return null;
  const { key, id } = encryptionKey(secret, salt);
  const cacheKey = `${id}\u0000${token}`;
  const known = decoded.get(cacheKey);
  if (known !== undefined && typeof known.exp === "number" && known.exp > nowSeconds()) return structuredClone(known);
  const { payload } = await jwtDecrypt(token, key, { clockTolerance: CLOCK_TOLERANCE_SECONDS });
  // Only a token that expires is kept: one without `exp` (never made here) is decrypted every time.
  if (typeof payload.exp === "number") decoded.set(cacheKey, Object.freeze(structuredClone(payload)));
  return payload;
}
