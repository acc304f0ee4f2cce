import type { RegisteredOperation } from "../openapi/collect-operations";

/** The order methods are listed in an Allow header. */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function segmentsOf(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.split("/");
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false;
  return pattern.every((segment, index) => {
    const given = path[index] ?? "";
    return segment.startsWith(":") ? given !== "" : segment === decodeSegment(given);
  });
}

/**
 * The methods the bank serves on a path: those of every registered operation whose route matches
 * it (a parameter matches any non-empty segment), with HEAD beside GET (Fastify answers HEAD for
 * every GET route). Empty when no route matches: the path names no resource.
 *
 * @see RFC 9110 §10.2.1 (Allow); docs/interface/errors.md#statuses-by-code (405)
 */
export function allowedMethods(operations: readonly RegisteredOperation[], url: string): string[] {
  const path = segmentsOf(url.split("?")[0] ?? url);
  const methods = new Set<string>();
  for (const operation of operations) {
    if (!matches(segmentsOf(operation.url), path)) continue;
    methods.add(operation.method);
    if (operation.method === "GET") methods.add("HEAD");
  }
  return [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
}
