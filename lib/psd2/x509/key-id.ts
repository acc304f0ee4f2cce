import { X509Error } from "./x509-error";

/** The two parts of a keyId, as written (not yet compared with any certificate). */
export interface KeyIdParts {
  /** The text after `SN=`. */
  readonly serialNumber: string;
  /** The text after `CA=`: the issuer's distinguished name. */
  readonly issuer: string;
}

const KEY_ID = /^SN=([^,]*),[ \t]*CA=([\s\S]*)$/;

/** `SN=<serial>,CA=<issuer>` from the canonical serial and the RFC 2253 issuer. @see docs/interface/request-signing.md#signature-header */
export function formatKeyId(serialNumber: string, issuer: string): string {
  return `SN=${serialNumber},CA=${issuer}`;
}

/**
 * Splits a keyId `SN=<serial>,CA=<issuer DN>` into its parts (the DN may contain commas).
 * @see docs/interface/request-signing.md#signature-header
 * @see docs/interface/request-signing.md#signature-header-parts
 */
export function parseKeyId(keyId: string): KeyIdParts {
  const match = KEY_ID.exec(keyId);
  if (match === null) {
    throw new X509Error("KEY_ID_SYNTAX", `keyId '${keyId}' is not of the form 'SN=<serial in hex>,CA=<issuer distinguished name>'`);
  }
  return { serialNumber: match[1] ?? "", issuer: match[2] ?? "" };
}
