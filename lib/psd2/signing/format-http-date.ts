import { SigningError } from "./signing-error";

/**
 * An HTTP Date header value (IMF-fixdate), e.g. `Tue, 03 Jun 2025 10:15:30 GMT`.
 * @see RFC 9110 §5.6.7
 * @see docs/interface/request-signing.md#signed-headers
 */
export function formatHttpDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new SigningError("INVALID_INPUT", "the Date to send is not a valid Date");
  return date.toUTCString();
}
