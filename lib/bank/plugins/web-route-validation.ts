import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { parseRequestBody } from "../../psd2/schemas/parse-request-body";
import { toTppMessages } from "../../psd2/schemas/to-tpp-messages";
import { BankError } from "../errors";

/** Bodies checked as the JSON interface checks its bodies (see checkedAsInterfaceBody). */
const interfaceBodies = new WeakSet<z.ZodType>();

/**
 * A body checked as the interface's JSON bodies are (parseRequestBody): a character outside the
 * Basic Multilingual Plane is refused anywhere in it, keys included, then the schema's issues
 * follow, every one a tppMessage. Other web bodies are a page's form, read by their schema alone.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code
 */
export function checkedAsInterfaceBody<T extends z.ZodType>(schema: T): T {
  interfaceBodies.add(schema);
  return schema;
}

const SUBJECTS = { body: "the request body", querystring: "the query", params: "the path", headers: "the headers" } as const;

/**
 * The validator compiler of the bank's own pages (SCA, developer portal, docs): each route's zod
 * schemas check its params, query and body, and the handler gets the schema's output (a page's
 * form read into the shape its step takes). A failed check is a BankError naming the field
 * (FORMAT_ERROR, the interface's texts), with Fastify's `validationContext` saying which part
 * failed; each page module's error handler answers it in its own form (a page, or the portal's
 * JSON). Set on the pages' encapsulation context only: the /v1 scope keeps its own compiler.
 *
 * @see docs/interface/errors.md#statuses-by-code, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/certificates.md#certificates-and-tpp-registration
 */
export function registerWebRouteValidation(web: FastifyInstance): void {
  const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
    if (httpPart === "body" && interfaceBodies.has(schema)) {
      return (data) => {
        const result = parseRequestBody(schema, data);
        return result.ok ? { value: result.value } : { error: BankError.fromMessages(result.tppMessages) };
      };
    }
    const subject = httpPart === "querystring" || httpPart === "params" || httpPart === "headers" ? SUBJECTS[httpPart] : SUBJECTS.body;
    return (data) => {
      const result = schema.safeParse(data, { reportInput: true });
      return result.success ? { value: result.data } : { error: BankError.fromMessages(toTppMessages(result.error.issues, subject)) };
    };
  };
  web.setValidatorCompiler(validatorCompiler);
}
