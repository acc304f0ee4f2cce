import type { TrustAnchor } from "../x509/load-trust-anchors";
import type { ParsedCertificate } from "../x509/parse-certificate";
import type { IssuerSearch } from "../x509/verify-certificate-chain";

/**
 * What the verifier remembers about one certificate header value: the parsed certificate (or
 * why it could not be read) and, per set of trust anchors, which anchors issued it. Validity is
 * not cached: it is checked against `now` on every message.
 */
export interface CertificateCacheEntry {
  readonly certificate?: ParsedCertificate;
  readonly error?: string;
  readonly issuerSearch?: { readonly anchors: readonly TrustAnchor[]; readonly result: IssuerSearch };
}

export interface CertificateCache {
  readonly maxEntries: number;
  readonly size: number;
  /** The entry for a certificate header value, marking it most recently used. */
  get(headerValue: string): CertificateCacheEntry | undefined;
  /** Stores an entry, evicting the least recently used one beyond maxEntries. */
  set(headerValue: string, entry: CertificateCacheEntry): void;
  clear(): void;
}

/**
 * A bounded LRU cache of parsed certificates and chain verdicts, keyed by the certificate
 * header's value, for the bank's verifier (parsing per request costs 2.5x throughput).
 * @see docs/performance.md#what-costs-what-on-the-request-path
 */
export function createCertificateCache(options: { readonly maxEntries?: number } = {}): CertificateCache {
  const maxEntries = options.maxEntries ?? 1000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries must be a positive integer, not ${maxEntries}`);
  }
  const entries = new Map<string, CertificateCacheEntry>();
  return {
    maxEntries,
    get size() {
      return entries.size;
    },
    get(headerValue) {
      const entry = entries.get(headerValue);
      if (entry !== undefined) {
        entries.delete(headerValue);
        entries.set(headerValue, entry);
      }
      return entry;
    },
    set(headerValue, entry) {
      entries.delete(headerValue);
      entries.set(headerValue, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
