/** Header values as an HTTP layer gives them: any name case; repeated headers as arrays. */
export type HeaderValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A message as signed or verified: headers (Unicode strings) and the body octets. */
export interface HttpMessage {
  readonly headers: HeaderValues;
  /** The body as sent: bytes, or a string hashed as UTF-8. Absent means empty. */
  readonly body?: string | Uint8Array;
}

/** A request: a message with its method and path (with query), for `(request-target)`. */
export interface HttpRequest extends HttpMessage {
  readonly method: string;
  readonly path: string;
}

/**
 * A case-insensitive lookup over a message's headers, by lower-case name; repeated values are
 * joined with ", " as RFC 7230 §3.2.2 allows.
 * @see draft-cavage-http-signatures-10 §2.3
 */
export function createHeaderLookup(headers: HeaderValues): (name: string) => string | undefined {
  const map = new Map<string, string>();
  for (const key of Object.keys(headers)) {
    const raw = headers[key];
    if (raw === undefined) continue;
    const value = typeof raw === "string" ? raw : raw.join(", ");
    const name = key.toLowerCase();
    const previous = map.get(name);
    map.set(name, previous === undefined ? value : `${previous}, ${value}`);
  }
  return (name) => map.get(name);
}
