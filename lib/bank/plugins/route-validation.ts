import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from "fastify";
import type { z } from "zod";
import { parseRequestBody } from "../../psd2/schemas/parse-request-body";
import { toTppMessages, type ValidationTppMessage } from "../../psd2/schemas/to-tpp-messages";
import { BankError } from "../errors";
import { judgeOf } from "./contextual-body";

type HttpPart = "body" | "querystring" | "params" | "headers";

/**
 * The routes' type provider: a request part is typed as its schema's output, the value the
 * schema parsed (transforms and defaults applied), which is what the validator hands on. Two
 * exceptions: the headers stay the request's whole header object (the schema checks those it
 * names), and a contextual body (contextual-body.ts) is read by its handler from the route's
 * verdict (`of(request)`), request.body being the body as sent.
 */
export interface ZodOutputTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** What follows "The query parameter X is not known to this operation; " for a query that takes no other parameter. */
const unknownParameterTexts = new WeakMap<z.ZodType, string>();

/**
 * A query (a strict object) that refuses a parameter it does not name: when every other parameter
 * passes, the first unknown one is 400 FORMAT_ERROR "The query parameter X is not known to this
 * operation; `text`".
 */
export function knownParametersOnly<T extends z.ZodObject>(schema: T, text: string): T {
  unknownParameterTexts.set(schema, text);
  return schema;
}

/** Path parameters whose wrong value is answered with their own error (not FORMAT_ERROR). */
const pathErrors = new WeakMap<z.ZodType, (value: unknown) => BankError>();

/** A path parameter whose wrong value is answered `errorOf(value)`, e.g. an unknown payment product 404 PRODUCT_UNKNOWN. */
export function pathParameter<T extends z.ZodType>(schema: T, errorOf: (value: unknown) => BankError): T {
  pathErrors.set(schema, errorOf);
  return schema;
}

/** The texts of a missing query parameter that says more than "is required" (what it takes, an example). */
const missingTexts = new WeakMap<z.ZodType, string>();

/** A required query parameter whose absence is answered QUERY_PARAMETER_REQUIRED with `text`. */
export function requiredParameter<T extends z.ZodType>(schema: T, text: string): T {
  missingTexts.set(schema, text);
  return schema;
}

function fieldOf(schema: z.ZodType, name: string): z.ZodType | undefined {
  const shape: unknown = "shape" in schema ? schema.shape : undefined;
  if (typeof shape !== "object" || shape === null) return undefined;
  const field: unknown = Object.entries(shape).find(([key]) => key === name)?.[1];
  return typeof field === "object" && field !== null && "safeParse" in field ? (field as z.ZodType) : undefined;
}

type Checked = { value: unknown } | { error: BankError };

/**
 * The tppMessage a query schema's own rule carries whole (a refinement's issue with
 * `params.tppMessage`: its code and full text, e.g. "The query parameter limit must be a whole
 * number from 1 to 1000, not '0'"), or undefined for any other issue.
 */
function carriedMessage(issue: z.core.$ZodIssue): ValidationTppMessage | undefined {
  if (issue.code !== "custom") return undefined;
  const carried: unknown = issue.params?.tppMessage;
  if (typeof carried !== "object" || carried === null || !("code" in carried) || !("text" in carried)) return undefined;
  const { code, text } = carried as Pick<ValidationTppMessage, "code" | "text">;
  const [name] = issue.path;
  return { category: "ERROR", code, ...(typeof name === "string" ? { path: name } : {}), text };
}

/** The error a part's own rule answers with (pathParameter, knownParametersOnly), if one applies. */
function ownError(part: HttpPart, schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): BankError | undefined {
  if (part === "params") {
    for (const issue of issues) {
      const [name] = issue.path;
      const field = typeof name === "string" ? fieldOf(schema, name) : undefined;
      const errorOf = field && pathErrors.get(field);
      if (errorOf) return errorOf(issue.input);
    }
  }
  const unknownText = part === "querystring" ? unknownParameterTexts.get(schema) : undefined;
  const [only] = issues;
  if (unknownText !== undefined && issues.length === 1 && only?.code === "unrecognized_keys" && only.keys[0] !== undefined) {
    const name = only.keys[0].slice(0, 40);
    return new BankError("FORMAT_ERROR", `The query parameter ${name} is not known to this operation; ${unknownText}`, { path: name });
  }
  return undefined;
}

/** One part of the request checked with its schema: the parsed value, or the interface's error. */
function check(part: HttpPart, schema: z.ZodType, data: unknown): Checked {
  if (part === "body") {
    const result = parseRequestBody(schema, data);
    return result.ok ? { value: result.value } : { error: BankError.fromMessages(result.tppMessages) };
  }
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (result.success) return { value: result.data };
  const own = ownError(part, schema, result.error.issues);
  if (own) return { error: own };
  const subjects = { querystring: "the query", params: "the path", headers: "the headers" } as const;
  const messages = result.error.issues.flatMap((issue): ValidationTppMessage[] => {
    const [name] = issue.path;
    const carried = part === "querystring" ? carriedMessage(issue) : undefined;
    if (carried) return [carried];
    // A closed query's unknown parameters wait until its known ones pass (see knownParametersOnly).
    if (issue.code === "unrecognized_keys" && part === "querystring" && unknownParameterTexts.has(schema)) return [];
    const missing =
      issue.path.length === 1 && (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined;
    if (part === "querystring" && typeof name === "string") {
      // A parameter given twice arrives as an array.
      if (Array.isArray(issue.input))
        return [{ category: "ERROR", code: "FORMAT_ERROR", path: name, text: `The query parameter ${name} must be given once` }];
      if (missing) {
        const field = fieldOf(schema, name);
        const text = (field && missingTexts.get(field)) ?? `The query parameter ${name} is required`;
        return [{ category: "ERROR", code: "QUERY_PARAMETER_REQUIRED", path: name, text }];
      }
    }
    if (part === "headers" && typeof name === "string" && missing) {
      return [{ category: "ERROR", code: "HTTP_HEADER_REQUIRED", path: name, text: `The header ${name} is required for this operation` }];
    }
    return toTppMessages([issue], subjects[part]);
  });
  return { error: BankError.fromMessages(messages) };
}

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "safeParse" in value && typeof value.safeParse === "function";
}

/** The headers a schema names (in the spec's spelling), read from Node's lower-case names. */
function namedHeaders(schema: z.ZodType, headers: unknown): Record<string, unknown> {
  const shape: unknown = "shape" in schema ? schema.shape : undefined;
  if (typeof shape !== "object" || shape === null || typeof headers !== "object" || headers === null) return {};
  const given = new Map(Object.entries(headers));
  return Object.fromEntries(
    Object.keys(shape)
      .map((name) => [name, given.get(name.toLowerCase())])
      .filter((entry) => entry[1] !== undefined),
  );
}

/**
 * Each route's zod schemas (params, querystring, headers, body) check its request, and a failed
 * check is the interface's error: tppMessages naming the field, FORMAT_ERROR or the rule's own
 * code (KID_INVALID, EXECUTION_DATE_INVALID, QUERY_PARAMETER_REQUIRED, HTTP_HEADER_REQUIRED, a
 * path parameter's own such as PRODUCT_UNKNOWN), texts of at most 512 characters. The verdict
 * waits for the security gate and the request checks (a request is authenticated and its headers
 * checked before its input is judged): it is kept on the request (attachValidation) and thrown by
 * the last preHandler, which then judges a contextual query and a contextual body
 * (contextual-body.ts: a rule that reads the request, such as a payment's product, today's date or
 * the account a paging cursor is bound to) once every other part has passed.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code, docs/interface/request-signing.md#request-signing
 */
export function registerRouteValidation(app: FastifyInstance): void {
  const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
    const part: HttpPart = httpPart === "body" || httpPart === "querystring" || httpPart === "params" ? httpPart : "headers";
    // Fastify hands an absent body over as null: absent is undefined to the schema and the
    // services. A JSON null that was sent is told apart by the preHandler below (it sees the octets).
    // A contextual body is judged with the request, in the preHandler below.
    if (part === "body" && judgeOf(schema)) return (data) => ({ value: data ?? undefined });
    if (part === "body") {
      return (data) => check(part, schema, data ?? undefined);
    }
    if (part !== "headers") return (data) => check(part, schema, data);
    // The request keeps all its headers; the schema checks those it names.
    return (data) => {
      const checked = check(part, schema, namedHeaders(schema, data));
      return "error" in checked ? checked : { value: data };
    };
  };
  app.setValidatorCompiler(validatorCompiler);
  // Replies are built by the services to their wire schemas; the route's response schemas document them.
  const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRoute", (route) => {
    route.attachValidation = true;
  });
  app.addHook("preHandler", async (request) => {
    if (request.validationError) throw request.validationError;
    const querySchema: unknown = request.routeOptions.schema?.querystring;
    const queryJudge = isZodSchema(querySchema) ? judgeOf(querySchema) : undefined;
    if (queryJudge) queryJudge(request, request.query);
    const bodySchema: unknown = request.routeOptions.schema?.body;
    if (!isZodSchema(bodySchema)) return;
    // The body sent was JSON null (Fastify's absent body and a sent null both reach here as undefined).
    const sentNull = request.body === undefined && (request.rawBody?.length ?? 0) > 0;
    const judge = judgeOf(bodySchema);
    if (judge) {
      judge(request, sentNull ? null : request.body);
      return;
    }
    if (sentNull) {
      const checked = check("body", bodySchema, null);
      if ("error" in checked) throw checked.error;
    }
  });
}
