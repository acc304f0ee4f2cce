/**
 * The OpenAPI 3.1 description of the bank's /v1 interface, built from the routes themselves:
 * each route's `config.docs` (summary, schemas, responses) and `config.operation` (roles,
 * required headers). A route without docs still appears, marked `x-undocumented` (a test fails
 * on it), so that the description never silently misses an operation.
 *
 * @see psd2-interface.md "Endpoints", "Header parameters", "Authentication"; supplement.md §1, §9
 */
import type { RegisteredOperation } from "./collect-operations";
import { type JsonSchema, toJsonSchema } from "./to-json-schema";

export type OpenApiParameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type OpenApiResponse = {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: { "application/json": { schema: JsonSchema } };
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required: boolean; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, OpenApiResponse>;
  "x-psd2-roles": string[];
  "x-undocumented"?: true;
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, { type: "apiKey"; in: "header"; name: string; description: string }>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, { description: string; required?: boolean; schema: JsonSchema }>;
  };
};

/** The request headers every /v1 operation needs for its signature, described once. @see supplement.md §9 */
export const SIGNATURE_HEADERS = {
  "X-Request-ID": {
    required: true,
    description: "A UUID unique to the call, set by the TPP; echoed on the reply and signed.",
    schema: { type: "string", format: "uuid" },
  },
  Digest: {
    required: true,
    description:
      "SHA-256=<Base64 of the SHA-256 of the body octets as sent> (SHA-512 also accepted); always present, also for an empty body (SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=). Signed.",
    schema: { type: "string", examples: ["SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="] },
  },
  Date: {
    required: false,
    description: "IMF-fixdate, e.g. Sun, 11 Jan 2026 09:00:00 GMT; signed when sent (the TPP sends it).",
    schema: { type: "string" },
  },
  Signature: {
    required: true,
    description:
      'keyId="SN=<serial, upper-case hex>,CA=<issuer DN, RFC 2253>",algorithm="rsa-sha256",headers="date digest x-request-id [psu-id] [psu-corporate-id] [tpp-redirect-uri]",signature="<Base64 RSA-SHA256 over the signing string>". The signing string is one line per signed header, `<name>: <value>`, joined by \\n.',
    schema: { type: "string" },
  },
  "TPP-Signature-Certificate": {
    required: true,
    description:
      "The TPP's signing certificate, Base64 DER on one line. It must chain to a CA the bank trusts (the bank's sandbox CA: get a certificate at /portal) and carry the PSD2 QC statement with the roles the operation needs. In strict mode (the default) only this canonical form passes: no PEM armour, spaces or line breaks, nothing after the certificate (no second one); BANK_SIGNATURE_MODE=lenient takes them.",
    schema: { type: "string" },
  },
} as const;

const RESPONSE_HEADERS = {
  "X-Request-ID": { description: "The request's X-Request-ID, echoed.", schema: { type: "string", format: "uuid" } },
  Digest: { description: "SHA-256 of the reply body as sent.", schema: { type: "string" } },
  Signature: { description: "The bank's signature over `date digest x-request-id` of the reply, with its seal.", schema: { type: "string" } },
  "ASPSP-Signature-Certificate": { description: "The bank's seal certificate (Base64 DER) that signed the reply.", schema: { type: "string" } },
  Location: { description: "Where the new resource is read.", schema: { type: "string" } },
  "ASPSP-SCA-Approach": { description: "REDIRECT.", schema: { type: "string", enum: ["REDIRECT"] } },
  Allow: { description: "The methods the resource serves (RFC 9110): on every 405.", schema: { type: "string" } },
} as const;

const headerKey = (name: string) => name.replace(/[^A-Za-z0-9]/g, "");

/** `/v1/accounts/:accountId` → `/v1/accounts/{accountId}`. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, "{$1}");
}

function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? "");
}

/** getSandboxCardAccountsByMockCardAccountIdTransactions for GET /v1/sandbox/card-accounts/:mockCardAccountId/transactions. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/v1\/?/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(":") ? ["by", ...segment.slice(1).split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join("");
}

/** The parameters an object schema describes (path or query). */
function parametersOf(schema: JsonSchema, place: "path" | "query"): OpenApiParameter[] {
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return [];
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
  return Object.entries(properties).map(([name, value]) => {
    const property: JsonSchema = typeof value === "object" && value !== null ? { ...value } : {};
    const description = typeof property.description === "string" ? property.description : undefined;
    delete property.description;
    return {
      name,
      in: place,
      required: place === "path" || required.includes(name),
      ...(description ? { description } : {}),
      schema: property,
    };
  });
}

function describeOperation(route: RegisteredOperation): OpenApiOperation {
  const { docs, operation } = route;
  const parameters: (OpenApiParameter | { $ref: string })[] = [];

  const pathParameters = docs?.params ? parametersOf(toJsonSchema(docs.params), "path") : [];
  for (const name of pathParameterNames(route.url)) {
    parameters.push(pathParameters.find((p) => p.name === name) ?? { name, in: "path", required: true, schema: { type: "string" } });
  }
  if (docs?.querystring) parameters.push(...parametersOf(toJsonSchema(docs.querystring), "query"));

  const documented = new Set((docs?.headers ?? []).map((header) => header.name.toLowerCase()));
  const required = new Set((operation?.requiredHeaders ?? []).map((name) => name.toLowerCase()));
  for (const header of docs?.headers ?? []) {
    parameters.push({
      name: header.name,
      in: "header",
      required: header.required || required.has(header.name.toLowerCase()),
      description: header.description,
      schema: { type: "string" },
    });
  }
  for (const name of operation?.requiredHeaders ?? []) {
    if (!documented.has(name.toLowerCase())) parameters.push({ name, in: "header", required: true, schema: { type: "string" } });
  }
  for (const name of ["X-Request-ID", "Digest", "Date"] as const) parameters.push({ $ref: `#/components/parameters/${headerKey(name)}` });

  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, response] of Object.entries(docs?.responses ?? { 200: { description: "Not described" } })) {
    const names = [
      "X-Request-ID",
      "Digest",
      "Signature",
      "ASPSP-Signature-Certificate",
      ...(status === "201" ? ["Location", "ASPSP-SCA-Approach"] : []),
      ...(status === "405" ? ["Allow"] : []),
    ];
    responses[status] = {
      description: response.description,
      headers: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${headerKey(name)}` }])),
      ...(response.schema ? { content: { "application/json": { schema: toJsonSchema(response.schema) } } } : {}),
    };
  }

  return {
    operationId: operationIdOf(route.method, route.url),
    summary: docs?.summary ?? `${route.method} ${toOpenApiPath(route.url)}`,
    ...(docs?.description ? { description: docs.description } : {}),
    tags: docs ? [...docs.tags] : ["Undocumented"],
    parameters,
    // A body schema that accepts no body at all (e.g. "none, or {}") makes the body optional.
    ...(docs?.body ? { requestBody: { required: !docs.body.safeParse(undefined).success, content: { "application/json": { schema: toJsonSchema(docs.body) } } } } : {}),
    responses,
    "x-psd2-roles": [...(operation?.roles ?? [])],
    ...(docs ? {} : { "x-undocumented": true as const }),
  };
}

/**
 * The OpenAPI document of the registered /v1 operations, served at /openapi.json and rendered
 * at /docs. Tags keep the order in which their first operation registered.
 *
 * @see psd2-interface.md "Endpoints"; supplement.md §2, §9, §11
 */
export function buildOpenApiDocument(options: { operations: readonly RegisteredOperation[]; publicUrl: string; bankName: string }): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  for (const route of options.operations) {
    const described = describeOperation(route);
    for (const tag of described.tags) if (!tags.includes(tag)) tags.push(tag);
    const path = toOpenApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: described };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: `${options.bankName} sandbox: PSD2 interface (Berlin Group NextGenPSD2 1.3)`,
      version: "1.3",
      description: [
        "The sandbox bank's PSD2 interface: account information, consents, users and agreements, the TPP dialogue API, payments and signing baskets as they are added, and the sandbox operations (data, clock, batch runs) that production lacks.",
        "Every request is signed (supplement §9): Digest of the body, Signature over `date digest x-request-id` (plus psu-id, psu-corporate-id and tpp-redirect-uri when sent) with the key of the certificate in TPP-Signature-Certificate. A sandbox certificate and key come from the developer portal at /portal. Every reply is signed with the bank's seal.",
        "Errors are `{tppMessages:[{category, code, path, text}], _links?}` with the statuses of supplement §4, every text at most 512 characters (echoed values are cut). Bodies are JSON in UTF-8; characters outside the Basic Multilingual Plane and NUL (U+0000), in a body or a query parameter, are 400 FORMAT_ERROR naming the field. Every header of the spec's table is checked wherever it is sent (PSU-ID, PSU-Corporate-ID and PSU-Device-ID UUIDs, PSU-Context PRIVATE or CORPORATE, PSU-HTTP-Method GET, POST, PUT, PATCH or DELETE, TPP-Redirect-URI an http(s) URL, never empty, ...), and withBalance and allowLogicalDuplicate are true or false wherever they are sent: 400 FORMAT_ERROR naming it. An id in a path that cannot exist (not 1 to 100 URL-safe characters) is 404 RESOURCE_UNKNOWN. A method the path does not serve is 405 with Allow. What the HTTP parser or the router refuses before any operation (a path that is not valid percent-encoding, headers over 16 KB, a character HTTP does not allow) is answered with the same body and code BAD_REQUEST (431 for the headers); such a reply is unsigned when nothing of the request could be read.",
      ].join("\n\n"),
    },
    servers: [{ url: options.publicUrl, description: "This sandbox bank" }],
    tags: tags.map((name) => ({ name })),
    security: [{ tppSignature: [], tppSignatureCertificate: [] }],
    paths,
    components: {
      securitySchemes: {
        tppSignature: { type: "apiKey", in: "header", name: "Signature", description: SIGNATURE_HEADERS.Signature.description },
        tppSignatureCertificate: {
          type: "apiKey",
          in: "header",
          name: "TPP-Signature-Certificate",
          description: SIGNATURE_HEADERS["TPP-Signature-Certificate"].description,
        },
      },
      parameters: Object.fromEntries(
        (["X-Request-ID", "Digest", "Date"] as const).map((name) => {
          const header = SIGNATURE_HEADERS[name];
          return [headerKey(name), { name, in: "header", required: header.required, description: header.description, schema: { ...header.schema } }];
        }),
      ),
      headers: Object.fromEntries(Object.entries(RESPONSE_HEADERS).map(([name, header]) => [headerKey(name), { ...header, schema: { ...header.schema } }])),
    },
  };
}
