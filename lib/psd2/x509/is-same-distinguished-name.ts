import type { AttributeTypeAndValue, DistinguishedName, RelativeDistinguishedName } from "./distinguished-name";

const WHITESPACE_RUN = /\s+/g;

/** caseIgnoreMatch, simplified from RFC 4518: compatibility-normalised, spaces collapsed, case folded. */
function normaliseText(text: string): string {
  return text.normalize("NFKC").replace(WHITESPACE_RUN, " ").trim().toLowerCase();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

function sameAttribute(a: AttributeTypeAndValue, b: AttributeTypeAndValue): boolean {
  if (a.oid !== b.oid) return false;
  if (a.text !== undefined && b.text !== undefined) return normaliseText(a.text) === normaliseText(b.text);
  if (a.der !== undefined && b.der !== undefined) return sameBytes(a.der, b.der);
  return false;
}

function sameRdn(a: RelativeDistinguishedName, b: RelativeDistinguishedName): boolean {
  if (a.length !== b.length) return false;
  // The attributes of one RDN are a SET: match them regardless of order.
  const unmatched = [...b];
  for (const atv of a) {
    const i = unmatched.findIndex((other) => sameAttribute(atv, other));
    if (i < 0) return false;
    unmatched.splice(i, 1);
  }
  return true;
}

/**
 * Whether two names are the same: the same RDNs in the same order, each with the same attribute
 * types (by OID) and equal values (string values compared case-insensitively with spaces
 * collapsed, as X.500 caseIgnoreMatch does; other values by their DER bytes).
 * @see RFC 5280 §7.1
 * @see RFC 4517 §4.2.15 (distinguishedNameMatch)
 */
export function isSameDistinguishedName(a: DistinguishedName, b: DistinguishedName): boolean {
  if (a.rdns.length !== b.rdns.length) return false;
  return a.rdns.every((rdn, i) => {
    const other = b.rdns[i];
    return other !== undefined && sameRdn(rdn, other);
  });
}
