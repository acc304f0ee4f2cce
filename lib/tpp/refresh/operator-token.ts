import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token with which `npm run tpp:refresh` asks a running app for a refresh: an HMAC of the
 * app's session secret, so that only who can read the app's configuration (the operator on its
 * machine) can ask. Sent as `Authorization: Bearer <token>`.
 */
export function refreshOperatorToken(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("psd2-tpp-demo: npm run tpp:refresh").digest("base64url");
}

/** Whether an Authorization header carries the operator's token (compared in constant time). */
export function isRefreshOperator(authorization: string | null, sessionSecret: string): boolean {
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(authorization ?? "");
  if (match === null) return false;
  const given = Buffer.from(match[1] ?? "");
  const expected = Buffer.from(refreshOperatorToken(sessionSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
