import type { HeaderPair } from "../aspsp/aspsp-exchange";

/** A POSIX shell word: single-quoted, with each ' written as '\''. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A curl command that repeats a recorded request: the same method, URL, headers (in order, with
 * the same Date, X-Request-ID, Digest and Signature) and body octets. The bank may refuse a replay
 * (a reused X-Request-ID, a Date too old), which is what a replay is for.
 */
export function buildCurlCommand(request: { method: string; url: string; headers: readonly HeaderPair[]; body: string }): string {
  const lines = [`curl --request ${request.method} ${quote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  --header ${quote(`${name}: ${value}`)}`);
  // --data-binary sends the octets as given; without a body, curl sends none.
  if (request.body !== "") lines.push(`  --data-binary ${quote(request.body)}`);
  return lines.join(" \\\n");
}
