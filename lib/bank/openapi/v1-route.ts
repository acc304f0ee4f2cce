import { z } from "zod";
import type { OperationPolicy } from "../operation";

/** A request header an operation reads, beyond the signature's own. */
export type HeaderDoc = { name: string; required: boolean; description: string };
export type ResponseDoc = { description: string; schema?: z.ZodType };

/** What one /v1 operation takes and answers, declared once: it checks the request and describes it. */
export type V1RouteDocs = {
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodObject;
  /**
   * Loose (z.looseObject) or strict (z.strictObject), never a plain z.object: the handler gets the
   * schema's output, and a plain object would silently drop the parameters it does not name,
   * before the request checks (lib/bank/plugins/request-checks.ts) and the services that answer
   * them see them. A loose query keeps them; a strict one refuses them.
   */
  querystring?: z.ZodObject;
  /** Headers beyond the signature's own (X-Request-ID, Digest, Signature, TPP-Signature-Certificate). */
  headers?: readonly HeaderDoc[];
  body?: z.ZodType;
  responses: Readonly<Record<number, ResponseDoc>>;
};

/**
 * What the bank requires of a header's value wherever it is sent, in JSON Schema words for
 * /openapi.json (lib/bank/services/sca-sessions/read-psu-headers.ts checks them, before the route's
 * schema runs, and says what is wrong in a FORMAT_ERROR). Metadata only: the schema validates no
 * more than presence, so the bank's own checks and messages stay the one rule.
 */
export const HEADER_FORMATS: Readonly<Record<string, Record<string, unknown>>> = {
  "PSU-ID": { format: "uuid" },
  "PSU-Corporate-ID": { format: "uuid" },
  "PSU-Device-ID": { format: "uuid" },
  "X-PSU-IDENTITY": { pattern: "^[0-9]{11}$" },
  "PSU-IP-Address": { anyOf: [{ format: "ipv4" }, { format: "ipv6" }] },
  "PSU-Context": { enum: ["PRIVATE", "CORPORATE"] },
  "PSU-HTTP-Method": { enum: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
  "TPP-Session-ID": { minLength: 1, maxLength: 128, pattern: "^[\\x20-\\x7e]+$" },
  "TPP-Redirect-URI": { format: "uri", maxLength: 2048, pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" },
  "TPP-Redirect-Preferred": { pattern: "^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$" },
};

/** A documented header's schema: a string, with the format the bank holds it to. */
function headerSchema(header: HeaderDoc): z.ZodType {
  const format = HEADER_FORMATS[header.name];
  const value = format === undefined ? z.string() : z.string().meta(format);
  return header.required ? value.describe(header.description) : value.optional().describe(header.description);
}

/** The route options of a /v1 operation: the gate's policy in `config.operation`, the zod schemas in `schema`. */
export function v1Route<
  Params extends z.ZodObject | undefined = undefined,
  Query extends z.ZodObject | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(
  operation: OperationPolicy,
  docs: V1RouteDocs & { params?: Params; querystring?: Query; body?: Body },
): {
  config: { operation: OperationPolicy };
  schema: {
    params: Params;
    querystring: Query;
    body: Body;
    headers?: z.ZodObject;
    response: Record<string, unknown>;
    summary: string;
    tags: string[];
  };
} {
  const { headers, responses, params, querystring, body, tags, ...text } = docs;
  if (querystring && querystring.def.catchall === undefined) {
    throw new Error(
      `${docs.summary}: the querystring schema must be a z.looseObject or a z.strictObject; a z.object would drop the parameters it does not name`,
    );
  }
  const headerShape = Object.fromEntries((headers ?? []).map((header) => [header.name, headerSchema(header)]));
  // Fastify warns about a part whose key is present but undefined: only the declared parts are set.
  const schema = {
    ...text,
    tags: [...tags],
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(headers && headers.length > 0 ? { headers: z.object(headerShape) } : {}),
    ...(body ? { body } : {}),
    response: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        { description: response.description, content: response.schema ? { "application/json": { schema: response.schema } } : {} },
      ]),
    ),
  };
  return { config: { operation }, schema: schema as typeof schema & { params: Params; querystring: Query; body: Body } };
}

/** An operation's error replies, picked by status from the descriptions of its family of operations. */
export function errorReplies<Family extends Readonly<Record<number, ResponseDoc>>, Status extends keyof Family & number>(
  family: Family,
  ...statuses: Status[]
): { [S in Status]: Family[S] } {
  return Object.fromEntries(statuses.map((status) => [status, family[status]])) as { [S in Status]: Family[S] };
}
