import { TppError } from "../errors";

// Anything but visible ASCII: spaces, controls and every non-ASCII character.
const NOT_VISIBLE_ASCII = /[^\x21-\x7e]/gu;

/**
 * TPP-Redirect-URI as sent: an absolute URL in ASCII. Non-ASCII characters are percent-encoded
 * as UTF-8 (an IDN host becomes punycode), so that the signed value never forces the RFC 2047
 * form of the Signature header; existing %XX escapes stay as they are.
 * @see docs/interface/request-signing.md#non-ascii-values
 */
export function encodeRedirectUri(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch (error) {
    throw new TppError("INPUT_INVALID", `the redirect URI '${uri}' is not an absolute URL`, { cause: error });
  }
  // WHATWG serialisation percent-encodes path, query and fragment and punycodes the host; the
  // replace catches what it leaves (nothing today, but a signed header must never carry raw octets).
  return url.href.replace(NOT_VISIBLE_ASCII, (character) => encodeURIComponent(character));
}
