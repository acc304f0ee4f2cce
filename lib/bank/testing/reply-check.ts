/**
 * The bank's tests hold every /v1 reply to /openapi.json, as a strictly typed client generated
 * from it does: the reply's status is one the operation documents, and its body is the documented
 * schema's (an operation documented without a body answers none). A property the document does
 * not name is a defect too: a schema's loose objects are read as closed (see strictReplySchema).
 *
 * The test builders (build-test-bank.ts, payment-scenarios.ts) register the check in the /v1
 * scope (buildBank's `instrumentV1`); the server never does. A reply that breaks the document is
 * recorded, not changed, and the setup file (reply-check-setup.ts) fails the test that made it.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { errorResponseSchema } from "../../psd2/schemas/tpp-message";

/** A reply that breaks the document: the operation ("GET /v1/accounts/:accountId"), its status, what is wrong. */
export type ReplyViolation = { operation: string; status: number; problems: readonly string[] };

/** What an operation documents for one status: its body's schema, or none for a reply without a body. */
export type DocumentedReply = { schema: z.ZodType | undefined };

/** The violations recorded since they were last taken (every test bank of the test file reports here). */
const recorded: ReplyViolation[] = [];

/** The violations recorded so far, and none left after. */
export function takeReplyViolations(): ReplyViolation[] {
  return recorded.splice(0);
}

/** Violations as one message: each operation and status with its first problems, the same one once (with how often). */
export function describeReplyViolations(violations: readonly ReplyViolation[]): string {
  const counts = new Map<string, number>();
  for (const violation of violations) {
    const line = `${violation.operation} answered ${violation.status}: ${violation.problems.slice(0, 5).join("; ")}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].slice(0, 10).map(([line, count]) => (count > 1 ? `${line} (${count} replies)` : line));
  if (counts.size > 10) lines.push(`... and ${counts.size - 10} more`);
  return `A /v1 reply does not match /openapi.json:\n${lines.join("\n")}`;
}

const strictCopies = new WeakMap<z.ZodType, z.ZodType>();

function isUnknownCatchall(catchall: z.core.$ZodType | undefined): boolean {
  const type = catchall?._zod.def.type;
  return type === undefined || type === "unknown" || type === "any";
}

/**
 * A reply schema as a strictly typed client reads it, from the document made of it (its output,
 * fastify-type-provider-zod's io "output"): every object closed unless it names what else it
 * holds (a catchall of a schema, such as a `_links` map's links), a default's field required,
 * and a transform's branch not taken (its output has no schema: the document leaves it out).
 * Everything else (checks, enums, formats) is the schema's own.
 */
export function strictReplySchema(schema: z.ZodType): z.ZodType {
  const known = strictCopies.get(schema);
  if (known) return known;
  const copy = strictCopy(schema);
  strictCopies.set(schema, copy);
  return copy;
}

function strictCopy(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const strict = (inner: unknown) => strictReplySchema(inner as z.ZodType);
  switch (def.type) {
    case "object": {
      const objectDef = def as unknown as z.core.$ZodObjectDef;
      const shape = Object.fromEntries(Object.entries(objectDef.shape).map(([name, field]) => [name, strict(field)]));
      const catchall = isUnknownCatchall(objectDef.catchall) ? z.never() : strict(objectDef.catchall);
      return schema.clone({ ...objectDef, shape, catchall } as typeof schema._zod.def);
    }
    case "array":
      return schema.clone({ ...def, element: strict(def.element) } as typeof schema._zod.def);
    case "union": {
      const options = (def.options as z.ZodType[]).map((option) => strict(option)).filter((option) => option._zod.def.type !== "never");
      return schema.clone({ ...def, options } as typeof schema._zod.def);
    }
    case "record":
      return schema.clone({ ...def, valueType: strict(def.valueType) } as typeof schema._zod.def);
    case "tuple":
      return schema.clone({
        ...def,
        items: (def.items as z.ZodType[]).map((item) => strict(item)),
        rest: def.rest ? strict(def.rest) : null,
      } as typeof schema._zod.def);
    case "intersection":
      throw new Error("strictReplySchema: an intersection in a reply schema cannot be closed side by side; use .extend()");
    case "optional":
    case "nullable":
    case "readonly":
    case "nonoptional":
      return schema.clone({ ...def, innerType: strict(def.innerType) } as typeof schema._zod.def);
    case "default":
    case "prefault":
    case "catch":
      // The document's output: the field is always there, with the inner type.
      return strict(def.innerType);
    case "pipe":
      return strict(def.out);
    case "transform":
      return z.never();
    case "lazy": {
      const getter = def.getter as () => z.ZodType;
      return z.lazy(() => strictReplySchema(getter()));
    }
    default:
      return schema;
  }
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : `${text}${text ? "." : ""}${String(key)}`), "");
}

function issueText(issue: z.core.$ZodIssue): string {
  const where = pathText(issue.path) || "(the body)";
  if (issue.code === "unrecognized_keys") return `${where}: ${issue.keys.join(", ")} not in the document`;
  return `${where}: ${issue.message}`;
}

/**
 * What is wrong with one reply of an operation whose documented replies are `documented` (by
 * status): an undocumented status, a body where none is documented or none where one is, a body
 * that is not JSON, or the schema's issues (strictReplySchema).
 */
export function replyProblems(
  documented: ReadonlyMap<number, DocumentedReply>,
  reply: { status: number; contentType: string | undefined; payload: unknown },
): string[] {
  const documentation = documented.get(reply.status);
  if (!documentation) return [`status ${reply.status} is not documented (documented: ${[...documented.keys()].join(", ")})`];
  const { payload } = reply;
  let text: string;
  if (payload === null || payload === undefined) text = "";
  else if (typeof payload === "string") text = payload;
  else if (Buffer.isBuffer(payload)) text = payload.toString("utf8");
  else return ["the body is a stream, not the documented JSON"];
  if (!documentation.schema) return text === "" ? [] : ["a body where the document gives none"];
  if (text === "") return ["no body where the document gives one"];
  const problems: string[] = [];
  if (!/^application\/json\b/i.test(reply.contentType ?? ""))
    problems.push(`Content-Type ${reply.contentType ?? "(none)"}, not application/json`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, "the body is not JSON"];
  }
  const result = strictReplySchema(documentation.schema).safeParse(body);
  if (!result.success) problems.push(...result.error.issues.map(issueText));
  return problems;
}

/** The parts of /openapi.json the check reads. */
type OpenApiResponses = { paths?: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> } | undefined>> };

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "safeParse" in value && typeof value.safeParse === "function";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The zod schema a route declares for a status (v1Route's `content["application/json"].schema`). */
function routeSchemaOf(request: FastifyRequest, status: string): z.ZodType | undefined {
  const responses: unknown = request.routeOptions.schema?.response;
  const response = isRecord(responses) ? responses[status] : undefined;
  const content = isRecord(response) ? response.content : undefined;
  const json = isRecord(content) ? content["application/json"] : undefined;
  const schema = isRecord(json) ? json.schema : undefined;
  return isZodSchema(schema) ? schema : undefined;
}

/**
 * The replies the document gives an operation, by status: its statuses as /openapi.json lists them
 * (the 415 it adds to every operation with a body included), each with the route's zod schema it
 * was made of (the error schema for the 415), or none where it documents no body.
 */
function documentedReplies(document: OpenApiResponses, request: FastifyRequest, url: string): Map<number, DocumentedReply> {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
  const responses = document.paths?.[path]?.[request.method.toLowerCase()]?.responses ?? {};
  return new Map(
    Object.entries(responses).map(([status, response]): [number, DocumentedReply] => {
      const hasBody = isRecord(response.content) && Object.keys(response.content).length > 0;
      return [Number(status), { schema: hasBody ? (routeSchemaOf(request, status) ?? errorResponseSchema) : undefined }];
    }),
  );
}

/**
 * Checks every reply of the /v1 operations registered in `v1` against /openapi.json and reports
 * each that breaks it (by default to takeReplyViolations). What is answered before an operation
 * is known (a path no route serves, Fastify's HEAD twins, which the document leaves out) is not
 * checked. Register it in the /v1 scope, before its routes.
 */
export function registerReplyCheck(v1: FastifyInstance, report: (violation: ReplyViolation) => void = (v) => recorded.push(v)): void {
  // The document is made once, at the first reply; each operation's replies are read from it once.
  const operations = new Map<string, Map<number, DocumentedReply>>();
  v1.addHook("onSend", async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (url === undefined || request.method === "HEAD" || request.is404) return payload;
    const operation = `${request.method} ${url}`;
    let documented = operations.get(operation);
    if (!documented) {
      documented = documentedReplies(v1.swagger() as OpenApiResponses, request, url);
      operations.set(operation, documented);
    }
    const contentType = reply.getHeader("content-type");
    const problems =
      documented.size === 0
        ? ["the operation is not in /openapi.json"]
        : replyProblems(documented, {
            status: reply.statusCode,
            contentType: typeof contentType === "string" ? contentType : undefined,
            payload,
          });
    if (problems.length > 0) report({ operation, status: reply.statusCode, problems });
    return payload;
  });
}
