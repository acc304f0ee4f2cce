import { isSameDistinguishedName } from "./is-same-distinguished-name";
import type { TrustAnchor } from "./load-trust-anchors";
import type { ParsedCertificate } from "./parse-certificate";

/** The trust anchors that issued a certificate, found by name AND signature (independent of time). */
export interface IssuerSearch {
  /** Anchors whose subject is the certificate's issuer and whose key verifies its signature. */
  readonly issuers: readonly TrustAnchor[];
  /** How many anchors carry the issuer's name (a rogue CA copying a trusted name shows up here). */
  readonly nameMatches: number;
}

export type ChainVerdict = { readonly ok: true; readonly anchor: TrustAnchor } | { readonly ok: false; readonly message: string };

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * Finds the trust anchors that issued a certificate: the anchor's subject equals the
 * certificate's issuer and the certificate's signature verifies with the anchor's public key.
 * Time-independent, so a cache may keep it.
 * @see docs/interface/request-signing.md#the-banks-checks (chain checked by signature, not by name)
 */
export function findCertificateIssuers(certificate: ParsedCertificate, anchors: readonly TrustAnchor[]): IssuerSearch {
  const issuers: TrustAnchor[] = [];
  let nameMatches = 0;
  for (const anchor of anchors) {
    if (!isSameDistinguishedName(anchor.subject, certificate.issuer)) continue;
    nameMatches++;
    if (sameBytes(anchor.der, certificate.der) || certificate.x509.verify(anchor.publicKey)) {
      issuers.push(anchor);
    }
  }
  return { issuers, nameMatches };
}

function isValidAt(certificate: ParsedCertificate, now: Date): boolean {
  const t = now.getTime();
  return certificate.notBefore.getTime() <= t && t <= certificate.notAfter.getTime();
}

/**
 * The chain verdict at `now` from an issuer search: some issuing anchor must be valid at `now`.
 * (The certificate's own validity is a separate check.)
 * @see RFC 5280 §6.1.3
 */
export function checkCertificateChain(certificate: ParsedCertificate, search: IssuerSearch, now: Date): ChainVerdict {
  const anchor = search.issuers.find((issuer) => isValidAt(issuer, now));
  if (anchor !== undefined) return { ok: true, anchor };
  if (search.issuers.length > 0) {
    const expired = search.issuers[0];
    return {
      ok: false,
      message:
        `the issuing CA '${certificate.issuerName}' is trusted, but its certificate is valid from ` +
        `${expired?.notBefore.toISOString()} to ${expired?.notAfter.toISOString()}, not at ${now.toISOString()}`,
    };
  }
  if (search.nameMatches > 0) {
    return {
      ok: false,
      message:
        `the certificate names the trusted CA '${certificate.issuerName}' as its issuer, but its signature ` +
        `does not verify with that CA's key: another CA with the same name issued it`,
    };
  }
  return { ok: false, message: `the certificate's issuer '${certificate.issuerName}' is not a trusted CA` };
}

/**
 * Verifies that a certificate was issued by one of the trust anchors (by signature, with name
 * match) and that this anchor is valid at `now`.
 * @see docs/interface/request-signing.md#the-banks-checks
 * @see RFC 5280 §6.1
 */
export function verifyCertificateChain(certificate: ParsedCertificate, anchors: readonly TrustAnchor[], now: Date): ChainVerdict {
  return checkCertificateChain(certificate, findCertificateIssuers(certificate, anchors), now);
}
