import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The secrets of an SCA journey: the single-use one in the scaRedirect link, then the one of the
 * bank's pages (in their forms, never in a cookie). The database keeps only their SHA-256.
 */
export function createJourneySecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashJourneySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}

/** Whether a presented secret is the one whose hash is stored, in constant time. */
export function matchesJourneySecret(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashJourneySecret(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
