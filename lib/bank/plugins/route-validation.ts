import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from "fastify";
import type { z } from "zod";
import { parseRequestBody } from "../../psd2/schemas/parse-request-body";
import { toTppMessages, type ValidationTppMessage } from "../../psd2/schemas/to-tpp-messages";
import { BankError } from "../errors";

type HttpPart = "body" | "querystring" | "params" | "headers";

/**
 * The routes' type provider: a request part is typed as its schema's output, the value the
 * schema parsed (transforms and defaults applied), which is what the validator hands on. Two
 * exceptions: the headers stay the request's whole header object (the schema checks those it
 * names), and a body marked checkedByService arrives as sent, for its service to parse.
 */
export interface ZodOutputTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** Bodies whose rules depend on more than the body (see checkedByService). */
const serviceChecked = new WeakSet<z.ZodType>();

/**
 * A body schema that describes the body while the operation's service checks it: a payment's
 * rules depend on the product in the path and on today's date (KID_INVALID,
 * EXECUTION_DATE_INVALID, the deprecated forms answered with a WARNING), which a route's schema
 * cannot see.
 */
export function checkedByService<T extends z.ZodType>(schema: T): T {
  serviceChecked.add(schema);
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

/** One part of the request checked with its schema: the parsed value, or the interface's error. */
function check(part: HttpPart, schema: z.ZodType, data: unknown): Checked {
  if (part === "body") {
    const result = parseRequestBody(schema, data);
    return result.ok ? { value: result.value } : { error: BankError.fromMessages(result.tppMessages) };
  }
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (result.success) return { value: result.data };
  const subjects = { querystring: "the query", params: "the path", headers: "the headers" } as const;
  const messages = result.error.issues.flatMap((issue): ValidationTppMessage[] => {
    const [name] = issue.path;
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
 * code (KID_INVALID, EXECUTION_DATE_INVALID, QUERY_PARAMETER_REQUIRED, HTTP_HEADER_REQUIRED), texts
 * of at most 512 characters. The verdict waits for the security gate and the request checks
 * (a request is authenticated and its headers checked before its input is judged): it is kept on
 * the request (attachValidation) and thrown by the last preHandler.
 *
 * @see supplement.md §1, §4, §9
 */
export function registerRouteValidation(app: FastifyInstance): void {
  const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
    const part: HttpPart = httpPart === "body" || httpPart === "querystring" || httpPart === "params" ? httpPart : "headers";
    // Fastify hands an absent body over as null: absent is undefined to the schema and the
    // services. A JSON null that was sent is told apart by the preHandler below (it sees the octets).
    if (part === "body" && serviceChecked.has(schema)) return (data) => ({ value: data ?? undefined });
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
    const bodySchema: unknown = request.routeOptions.schema?.body;
    if (request.body === undefined && (request.rawBody?.length ?? 0) > 0 && isZodSchema(bodySchema)) {
      // The body sent was JSON null.
      if (serviceChecked.has(bodySchema)) {
        request.body = null;
        return;
      }
      const checked = check("body", bodySchema, null);
      if ("error" in checked) throw checked.error;
    }
  });
}
