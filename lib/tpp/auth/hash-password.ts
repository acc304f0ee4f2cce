import "server-only";
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt cost: N = 2^15, r = 8, p = 1 (about 32 MiB and 50-100 ms per hash here). */
const COST = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// Bounds for parameters read back from the database, so a tampered row cannot exhaust memory.
const MAX_N = 1 << 20;

const STORED = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

function derive(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r octets; maxmem must allow it (node's default is 32 MiB).
  const maxmem = 256 * cost.N * cost.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, length, { ...cost, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/**
 * A password hash for the users table: scrypt with a new random 16-octet salt per user, written
 * as `scrypt$N$r$p$<salt>$<hash>` so the cost can change later without breaking old hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, KEY_LENGTH, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Whether a password matches a stored hash; the comparison takes the same time wherever they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (match === null) return false;
  const [, n, r, p, saltText, hashText] = match;
  const N = Number(n);
  const cost = { N, r: Number(r), p: Number(p) };
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || cost.r < 1 || cost.p < 1 || cost.p > 16) return false;
  const expected = Buffer.from(hashText ?? "", "base64");
  if (expected.length < 16) return false;
  const actual = await derive(password, Buffer.from(saltText ?? "", "base64"), expected.length, cost);
  return timingSafeEqual(actual, expected);
}

/** A stored hash of no password, checked when a user name is unknown, so that both cases take as long. */
export const UNKNOWN_USER_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$AAAAAAAAAAAAAAAAAAAAAA==$${"A".repeat(86)}==`;
