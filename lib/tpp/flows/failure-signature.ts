import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { firstValue, type PageQuery } from "../page-query";
import { explainScaFailure, type ScaFailureExplanation } from "./explain-sca-failure";

/**
 * The failure pages (/callback/failed, and a payment's or basket's page with `scaFailed=1`) show
 * what their query says: the bank's code and message, or why a return was refused. Anyone can
 * write such an address, so the app signs the failure's parameters when it sends the browser
 * there (an HMAC under the session secret, in `sig`), and a page shows them only when the
 * signature holds: a link made elsewhere cannot put words in the bank's mouth.
 */

/** The parameters a failure page reads; the rest of a page's query (its own filters) is not signed. */
const FAILURE_PARAMETERS = ["reason", "problem", "retry", "scaFailed", "system", "status", "code", "message"] as const;
const SIGNATURE_PARAMETER = "sig";

function signatureOf(entries: readonly (readonly [string, string])[], secret: string): string {
  // Sorted, so the signature does not depend on the order the parameters are written in.
  const canonical = JSON.stringify([...entries].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1)));
  return createHmac("sha256", secret).update("failure-page\n").update(canonical).digest("base64url");
}

function failureEntries(query: PageQuery): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of FAILURE_PARAMETERS) {
    const value = query[name];
    for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value]) entries.push([name, one]);
  }
  return entries;
}

/** `path` (an app path with a failure page's query) with the signature of its failure parameters. */
export function signFailurePath(path: string, secret: string): string {
  const hash = path.indexOf("#");
  const base = hash === -1 ? path : path.slice(0, hash);
  const queryStart = base.indexOf("?");
  const search = new URLSearchParams(queryStart === -1 ? "" : base.slice(queryStart + 1));
  search.delete(SIGNATURE_PARAMETER);
  const query: Record<string, string[]> = {};
  for (const [name, value] of search) (query[name] ??= []).push(value);
  search.set(SIGNATURE_PARAMETER, signatureOf(failureEntries(query), secret));
  return `${queryStart === -1 ? base : base.slice(0, queryStart)}?${search.toString()}${hash === -1 ? "" : path.slice(hash)}`;
}

/** Whether `query` (a page's search parameters) carries failure parameters the app itself signed. */
export function hasSignedFailure(query: PageQuery, secret: string): boolean {
  const given = query[SIGNATURE_PARAMETER];
  if (typeof given !== "string") return false;
  const expected = Buffer.from(signatureOf(failureEntries(query), secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The bank's refusal of an approval that a payment's or basket's page shows (`scaFailed=1` in its
 * query), its "try again" leading back to the page; undefined without one, or when the app did
 * not sign the query (a link made elsewhere shows none).
 */
export function signedScaFailure(query: PageQuery, returnTo: string, secret: string): ScaFailureExplanation | undefined {
  if (firstValue(query.scaFailed) !== "1" || !hasSignedFailure(query, secret)) return undefined;
  return explainScaFailure({ ...query, retry: returnTo });
}
