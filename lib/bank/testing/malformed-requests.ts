/**
 * Malformed requests for the bank's fuzz test: from a valid request of an operation (its "base"),
 * one defect of a seeded random kind (the body, a header, an id, the query, the encoding, the
 * method, the signature), signed as a TPP signs, so that the defect itself is what the bank must
 * refuse. Every request made here is one the bank must answer with a 4xx (or, for a read, at
 * most a harmless 2xx) and without changing anything.
 */
import { randomUUID } from "node:crypto";
import type { RequestSigner } from "../../psd2/signing";
import type { Random } from "../services/sandbox/prng";

export type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";

/** A valid request of one operation, before any defect. */
export type BaseRequest = {
  method: Method;
  /** The path with its ids filled in, and the route's parameter names in their places. */
  segments: readonly { value: string; param?: string }[];
  query?: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON body, or "none" (no body may be sent: a GET or DELETE), or "empty" (none or `{}`, nothing else). */
  body?: unknown;
  bodyKind: "json" | "none" | "empty" | "disregarded";
};

/** A request as sent: raw body octets and headers, after its defect. */
export type FuzzRequest = {
  kind: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the reply must be besides "a 4xx with tppMessages" (or a harmless read). */
  expect?: { status?: number; allowHeader?: true };
};

type Defect = (random: Random, base: BaseRequest) => Draft | undefined;
type HeaderChange = (headers: Record<string, string>) => void;

/** A request being made: the defect may change anything before it is signed, and `afterSigning`. */
type Draft = {
  kind: string;
  method: Method;
  segments: { value: string; raw?: boolean }[];
  query: [string, string][];
  headers: Record<string, string>;
  body?: Buffer;
  afterSigning?: HeaderChange;
  expect?: FuzzRequest["expect"];
};

const LONG = 100_000;

function draftOf(base: BaseRequest, kind: string): Draft {
  const body = base.bodyKind === "json" ? Buffer.from(JSON.stringify(base.body), "utf8") : undefined;
  return {
    kind,
    method: base.method,
    segments: base.segments.map((segment) => ({ value: segment.value })),
    query: Object.entries(base.query ?? {}),
    headers: { ...base.headers, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body } : {}),
  };
}

/** Every string leaf of a JSON value with its path. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function objectNodes(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectNodes(item, [...path, index]));
  if (typeof value === "object" && value !== null)
    return [path, ...Object.entries(value).flatMap(([key, item]) => objectNodes(item, [...path, key]))];
  return [];
}

function getAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node: unknown = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

function setAt(root: unknown, path: readonly (string | number)[], change: (old: unknown) => unknown): unknown {
  if (path.length === 0) return change(root);
  const copy: unknown = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  node[last] = change(node[last]);
  return copy;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8");

/** Changes of a string leaf that no field accepts. */
const STRING_DEFECTS: readonly [string, (old: string) => unknown][] = [
  ["NUL in a string", (old) => `${old.slice(0, 1)}\u0000${old.slice(1)}`],
  ["emoji in a string", (old) => `${old}😀`],
  ["lone surrogate in a string", (old) => `${old}\ud800`],
  ["100,000 characters in a string", () => "7".repeat(LONG)],
  ["object for a string", () => ({})],
  ["array for a string", () => []],
];

/** A date field (a string that holds a date) gets a date that does not exist. */
const DATE_DEFECTS: readonly [string, (old: string) => unknown][] = [
  ["year 0000", () => "0000-01-01"],
  ["30 February", (old) => `${old.slice(0, 4)}-02-30`],
];

const bodyDefects: Defect = (random, base) => {
  if (base.bodyKind === "none" || base.bodyKind === "disregarded") return undefined;
  const draft = draftOf(base, "body");
  const value: unknown = base.bodyKind === "json" ? base.body : {};
  const choice = random.int(0, 9);
  if (base.bodyKind === "json" && choice <= 3) {
    const leaves = stringLeaves(value);
    if (leaves.length > 0) {
      const path = random.pick(leaves);
      const old = String(leaves.length > 0 ? getAt(value, path) : "");
      const [name, change] = random.pick(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(old) && random.chance(0.5) ? DATE_DEFECTS : STRING_DEFECTS);
      draft.kind = `body: ${name} at ${path.join(".")}`;
      draft.body = json(setAt(value, path, (old) => change(String(old))));
      draft.headers["Content-Type"] = "application/json";
      return draft;
    }
  }
  if (choice <= 5) {
    const nodes = objectNodes(value);
    const path = nodes.length > 0 ? random.pick(nodes) : [];
    const key = random.pick(["zzUnknownField", "nøkkel\u0000", "a😀", "__proto__x", "k".repeat(5000)]);
    draft.kind = `body: unknown member at ${path.join(".") || "root"}`;
    draft.body = json(setAt(value, path, (old) => ({ ...(old as object), [key]: random.pick([1, "x", null, {}]) })));
    draft.headers["Content-Type"] = "application/json";
    return draft;
  }
  const raw = random.pick([
    ["truncated JSON", () => (draft.body ?? Buffer.from('{"a":1}')).subarray(0, Math.max(1, Math.floor((draft.body?.length ?? 7) / 2)))],
    ["trailing garbage", () => Buffer.concat([json(value), Buffer.from("}x")])],
    ["single quotes", () => Buffer.from("{'a':1}")],
    ["NaN", () => Buffer.from("NaN")],
    ["root array of nothing", () => Buffer.from(Array.isArray(value) ? "{}" : "[]")],
    ["root string", () => Buffer.from('"x"')],
    ["root number", () => Buffer.from("12")],
    ["root null", () => Buffer.from("null")],
    ["deep nesting", () => Buffer.from(`${"[".repeat(20_000)}${"]".repeat(20_000)}`)],
    ["invalid UTF-8", () => Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])],
    ["UTF-16", () => Buffer.from(JSON.stringify(value), "utf16le")],
    ["escaped NUL key", () => Buffer.from('{"\\u0000":1}')],
  ] as const);
  draft.kind = `body: ${raw[0]}`;
  draft.body = raw[1]();
  draft.headers["Content-Type"] = "application/json";
  return draft;
};

const encodingDefects: Defect = (random, base) => {
  if (base.bodyKind === "none" || base.bodyKind === "disregarded") return undefined;
  const draft = draftOf(base, "encoding");
  const body = draft.body ?? Buffer.from('{"x":1}');
  const [name, contentType, bytes, extra] = random.pick([
    ["text/plain", "text/plain", body, {}],
    ["XML", "application/xml", Buffer.from("<Document><a>1</a></Document>"), {}],
    ["form", "application/x-www-form-urlencoded", Buffer.from("a=1&b=2"), {}],
    ["charset UTF-16", "application/json; charset=utf-16", Buffer.from(body.toString("utf8"), "utf16le"), {}],
    ["gzip that is not", "application/json", Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe]), { "Content-Encoding": "gzip" }],
    ["latin1 bytes", "application/json; charset=iso-8859-1", Buffer.from('{"a":"Bl\u00e5b\u00e6r"}', "latin1"), {}],
  ] as const);
  draft.kind = `encoding: ${name}`;
  draft.headers["Content-Type"] = contentType;
  Object.assign(draft.headers, extra);
  draft.body = bytes;
  return draft;
};

/** A header value that breaks the header's rule, wherever it is sent. */
const HEADER_DEFECTS: readonly [string, () => string][] = [
  ["PSU-ID", () => "not-a-uuid"],
  ["PSU-ID", () => ""],
  ["PSU-ID", () => "x".repeat(8000)],
  ["PSU-Corporate-ID", () => "12345"],
  ["PSU-Context", () => "private"],
  ["PSU-Context", () => "BUSINESS"],
  ["PSU-HTTP-Method", () => "HEAD"],
  ["PSU-HTTP-Method", () => "get"],
  ["PSU-Device-ID", () => "device-1"],
  ["PSU-IP-Address", () => "999.1.1.1"],
  ["PSU-IP-Address", () => ""],
  ["X-PSU-IDENTITY", () => "123"],
  ["TPP-Redirect-URI", () => ""],
  ["TPP-Redirect-URI", () => "not a url"],
  ["TPP-Redirect-URI", () => "ftp://tpp.example/cb"],
  ["TPP-Redirect-URI", () => `https://tpp.example/${"a".repeat(4000)}`],
  ["TPP-Session-ID", () => "s".repeat(300)],
  ["TPP-Redirect-Preferred", () => "yes"],
  ["x-accept-fix", () => "faster-payments"],
  ["x-accept-fix", () => Array.from({ length: 400 }, (_, i) => `fix-${i}`).join(",")],
];

const headerDefects: Defect = (random, base) => {
  const draft = draftOf(base, "header");
  const [name, value] = random.pick(HEADER_DEFECTS);
  for (const key of Object.keys(draft.headers)) if (key.toLowerCase() === name.toLowerCase()) delete draft.headers[key];
  draft.headers[name] = value();
  draft.kind = `header: ${name} '${draft.headers[name]?.slice(0, 20) ?? ""}'`;
  return draft;
};

const certificateOf = (headers: Record<string, string>) => headers["TPP-Signature-Certificate"] ?? "";

/** Defects of the signature and certificate, made after signing. */
const SIGNATURE_DEFECTS: readonly [string, HeaderChange][] = [
  [
    "no X-Request-ID",
    (h) => {
      delete h["X-Request-ID"];
    },
  ],
  [
    "X-Request-ID not a UUID",
    (h) => {
      h["X-Request-ID"] = "r".repeat(3000);
    },
  ],
  [
    "Digest of another body",
    (h) => {
      h.Digest = "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFX=";
    },
  ],
  [
    "Digest of 8,000 characters",
    (h) => {
      h.Digest = `SHA-256=${"A".repeat(8000)}`;
    },
  ],
  [
    "keyId of 8,000 characters",
    (h) => {
      h.Signature = (h.Signature ?? "").replace(/keyId="[^"]*"/, `keyId="SN=${"F".repeat(4000)},CA=CN=${"x".repeat(4000)}"`);
    },
  ],
  [
    "signature altered",
    (h) => {
      h.Signature = (h.Signature ?? "").replace(/signature="(.)/, (_match, c: string) => `signature="${c === "A" ? "B" : "A"}`);
    },
  ],
  [
    "no Signature",
    (h) => {
      delete h.Signature;
    },
  ],
  [
    "certificate in PEM armour",
    (h) => {
      h["TPP-Signature-Certificate"] = `-----BEGIN CERTIFICATE-----${certificateOf(h)}-----END CERTIFICATE-----`;
    },
  ],
  [
    "certificate with a space",
    (h) => {
      h["TPP-Signature-Certificate"] = `${certificateOf(h).slice(0, 40)} ${certificateOf(h).slice(40)}`;
    },
  ],
  [
    "certificate twice",
    (h) => {
      const der = Buffer.from(certificateOf(h), "base64");
      h["TPP-Signature-Certificate"] = Buffer.concat([der, der]).toString("base64");
    },
  ],
  [
    "certificate cut short",
    (h) => {
      h["TPP-Signature-Certificate"] = certificateOf(h).slice(0, 200);
    },
  ],
];

const signatureDefects: Defect = (random, base) => {
  const draft = draftOf(base, "signature");
  const [name, change] = random.pick(SIGNATURE_DEFECTS);
  draft.kind = `signature: ${name}`;
  draft.afterSigning = change;
  return draft;
};

/** Path ids that cannot exist, spelled as they reach the server (raw: not encoded again). */
const ID_DEFECTS: readonly [string, string][] = [
  ["%00", "%00"],
  ["a%00b", "a%00b"],
  ["150 characters", "i".repeat(150)],
  ["2,000 characters", "i".repeat(2000)],
  ["bad percent-encoding", "%zz"],
  ["truncated UTF-8", "%E2%82"],
  ["encoded slash", "a%2Fb"],
  ["emoji", "%F0%9F%98%80"],
  ["space", "a%20b"],
  ["quote", "%27%3B--"],
  ["dot-dot", ".."],
  ["unknown id", "AAAAAAAAAAAAAAAAAAAAAA"],
  ["non-ASCII", "%C3%B8"],
];

const idDefects: Defect = (random, base) => {
  const params = base.segments.map((segment, index) => ({ segment, index })).filter(({ segment }) => segment.param !== undefined);
  if (params.length === 0) return undefined;
  const draft = draftOf(base, "id");
  const { index, segment } = random.pick(params);
  const [name, value] = random.pick(ID_DEFECTS);
  draft.segments[index] = { value, raw: true };
  draft.kind = `id: ${segment.param ?? "?"} ${name}`;
  return draft;
};

/** Query defects every operation refuses, and those of the listings. */
const queryDefects: Defect = (random, base) => {
  const draft = draftOf(base, "query");
  const listing = base.query?.bookingStatus !== undefined;
  const universal: [string, [string, string]][] = [
    ["withBalance=yes", ["withBalance", "yes"]],
    ["allowLogicalDuplicate=1", ["allowLogicalDuplicate", "1"]],
    ["withBalance=%zz", ["withBalance", "%zz"]],
    ["NUL in a value", ["withBalance", "tr\u0000ue"]],
    ["NUL in a name", ["a\u0000b", "1"]],
    ["emoji in a value", ["allowLogicalDuplicate", "😀"]],
  ];
  const listings: [string, [string, string]][] = [
    ["bookingStatus bogus", ["bookingStatus", "bogus"]],
    ["dateFrom year 0000", ["dateFrom", "0000-01-01"]],
    ["dateTo 2025-02-30", ["dateTo", "2025-02-30"]],
    ["fromDate year 0000", ["fromDate", "0000-01-01"]],
    ["limit 0", ["limit", "0"]],
    ["limit huge", ["limit", "99999999999999999999"]],
    ["offset -1", ["offset", "-1"]],
    ["cursor garbage", ["cursor", "x".repeat(300)]],
    ["dateFrom after dateTo", ["dateFrom", "2099-01-01"]],
  ];
  const [name, [key, value]] = random.pick(listing && random.chance(0.6) ? listings : universal);
  draft.query = [...draft.query.filter(([k]) => k !== key), [key, value]];
  draft.kind = `query: ${name}`;
  return draft;
};

/** A method the path does not serve: 405 with Allow. */
function methodDefect(allowed: (path: string) => readonly string[]): Defect {
  return (random, base) => {
    const draft = draftOf(base, "method");
    const path = `/${base.segments.map((segment) => segment.value).join("/")}`;
    const served = allowed(path);
    const candidates = (["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const).filter((method) => !served.includes(method));
    if (candidates.length === 0) return undefined;
    draft.method = random.pick(candidates);
    // A body goes with the methods that carry one; a GET's body is not read (nor its Digest met).
    if (!["POST", "PUT", "PATCH"].includes(draft.method)) {
      delete draft.body;
      delete draft.headers["Content-Type"];
    }
    draft.kind = `method: ${draft.method}`;
    draft.expect = { status: 405, allowHeader: true };
    return draft;
  };
}

/** The defect kinds with their weights. */
export function defectKinds(allowed: (path: string) => readonly string[]): readonly [Defect, number][] {
  return [
    [bodyDefects, 5],
    [encodingDefects, 1],
    [headerDefects, 4],
    [signatureDefects, 2],
    [idDefects, 3],
    [queryDefects, 2],
    [methodDefect(allowed), 1],
  ];
}

function pickWeighted<T>(random: Random, items: readonly [T, number][]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random.next() * total;
  for (const [item, weight] of items) {
    at -= weight;
    if (at < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

/**
 * One malformed request from a base: a defect of a kind picked by weight (another kind when the
 * picked one does not apply to the operation), signed as the TPP signs.
 */
export function makeMalformedRequest(
  random: Random,
  base: BaseRequest,
  signer: RequestSigner,
  kinds: readonly [Defect, number][],
): FuzzRequest {
  let draft: Draft | undefined;
  for (let attempt = 0; draft === undefined; attempt++) {
    draft = pickWeighted(random, kinds)(random, base);
    if (attempt > 50) throw new Error("no defect applies to this operation");
  }
  const path = `/${draft.segments.map((segment) => (segment.raw ? segment.value : encodeURIComponent(segment.value))).join("/")}`;
  const query = draft.query
    .map(([key, value]) => (value === "%zz" ? `${encodeURIComponent(key)}=%zz` : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`))
    .join("&");
  const url = query === "" ? path.replace(/\/$/, "") : `${path.replace(/\/$/, "")}?${query}`;
  const signed = signer.sign(
    { method: draft.method, path: url, headers: draft.headers, body: draft.body ?? "" },
    { date: new Date(), requestId: randomUUID() },
  );
  const headers: Record<string, string> = { ...draft.headers, ...signed.headers };
  draft.afterSigning?.(headers);
  return {
    kind: draft.kind,
    method: draft.method,
    url,
    headers,
    ...(draft.body ? { body: draft.body } : {}),
    ...(draft.expect ? { expect: draft.expect } : {}),
  };
}
