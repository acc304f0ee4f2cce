import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";
import type { ListingKey } from "../../repositories/listing-page";

/**
 * Where a page of a transaction listing starts: the key of the row just before it (`after`) or
 * just after it (`before`), in one segment of the listing (e.g. pending, then booked).
 */
export type CursorPosition = { segment: number; direction: "after" | "before"; key: ListingKey };

const payloadSchema = z.object({
  s: z.number().int().min(0).max(8),
  d: z.enum(["a", "b"]),
  k: z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
  q: z.number().int().min(0),
});

/** The key that seals cursors, derived from a secret of the bank (its CA key), so cursors survive restarts. */
export function deriveCursorKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "psd2-sandbox-bank", "transactions-cursor", 32));
}

/**
 * Seals a position into an opaque, URL-safe cursor (AES-256-GCM): a TPP can neither read the
 * internal keys in it nor change it unnoticed; `binding` (the listing it belongs to) is
 * authenticated with it.
 *
 * @see docs/interface/accounts.md#paging
 */
export function sealCursor(key: Buffer, binding: string, position: CursorPosition): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(binding, "utf8"));
  const payload = JSON.stringify({
    s: position.segment,
    d: position.direction === "after" ? "a" : "b",
    k: position.key.sortDate,
    q: position.key.seq,
  });
  const sealed = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The position of a cursor sealed for this listing, or undefined when it was changed or is another listing's. */
export function openCursor(key: Buffer, binding: string, cursor: string): CursorPosition | undefined {
  if (!/^[A-Za-z0-9_-]{40,400}$/.test(cursor)) return undefined;
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.length < 29) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(binding, "utf8"));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    const parsed = payloadSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    return {
      segment: parsed.data.s,
      direction: parsed.data.d === "a" ? "after" : "before",
      key: { sortDate: parsed.data.k, seq: parsed.data.q },
    };
  } catch {
    return undefined;
  }
}
