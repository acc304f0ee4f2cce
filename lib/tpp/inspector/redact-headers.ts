import type { HeaderPair } from "../aspsp/aspsp-exchange";

/** Headers whose values never enter the inspector: credentials of the app or of the PSU. */
export const REDACTED_HEADERS: ReadonlySet<string> = new Set(["cookie", "set-cookie", "authorization", "proxy-authorization"]);

export const REDACTED_VALUE = "[redacted]";

/**
 * The headers with Cookie, Set-Cookie, Authorization and Proxy-Authorization values replaced by
 * "[redacted]". The client never sends them to the bank; this keeps them out should that change.
 */
export function redactHeaders(headers: readonly HeaderPair[]): HeaderPair[] {
  return headers.map(([name, value]) => [name, REDACTED_HEADERS.has(name.toLowerCase()) ? REDACTED_VALUE : value]);
}
