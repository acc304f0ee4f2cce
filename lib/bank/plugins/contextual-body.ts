import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ParseResult, ValidationTppMessage } from "../../psd2/schemas";
import { BankError } from "../errors";

/** A body as its route judged it: the typed value, and the WARNING tppMessages the reply carries. */
export type JudgedBody<T> = { readonly value: T; readonly warnings: readonly ValidationTppMessage[] };

/**
 * The rule of a body that a schema alone cannot hold: it reads the request's context (the path's
 * payment product picks the schema, the sandbox clock's today bounds the execution date) or
 * answers with its own words. `body` is the body as sent (null for a JSON null, undefined when
 * none was sent).
 */
export type BodyRule<T> = (body: unknown, request: FastifyRequest) => ParseResult<T>;

/** A route's body judged by its rule, with the request: what the route declares, and what its handler reads. */
export interface ContextualBody<T> {
  /** The route's body schema: it describes the body in /openapi.json; the rule judges it. */
  readonly schema: z.ZodType;
  /** The body of a request of the route, as the rule judged it (in the route's last preHandler). */
  of(request: FastifyRequest): JudgedBody<T>;
}

/** What route-validation runs for a contextual body or query: judge the request's part (throwing the 400), keep the verdict. */
type Judge = (request: FastifyRequest, part: unknown) => void;

const judges = new WeakMap<z.ZodType, Judge>();

/**
 * A body that the route judges with `rule` and the request, once the request's other parts have
 * passed (route-validation's last preHandler): all the rule's violations are one 400, its
 * WARNINGs are kept for the reply. `schema` documents the body (e.g. the union of a service's
 * product bodies); it is not what the body is judged by.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code
 */
export function contextualBody<T>(schema: z.ZodType, rule: BodyRule<T>): ContextualBody<T> {
  const verdicts = new WeakMap<FastifyRequest, JudgedBody<T>>();
  judges.set(schema, (request, body) => {
    const result = rule(body, request);
    if (!result.ok) throw BankError.fromMessages(result.tppMessages);
    verdicts.set(request, { value: result.value, warnings: result.tppMessages });
  });
  return {
    schema,
    of(request) {
      const verdict = verdicts.get(request);
      // A programming error: the route's body schema is not this one's, or the handler ran without route-validation.
      if (!verdict) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url}: the contextual body was not judged`);
      return verdict;
    },
  };
}

/** The judge of a contextual body or query schema (see contextualBody, contextualQuery), or undefined for a schema the route checks alone. */
export function judgeOf(schema: z.ZodType): Judge | undefined {
  return judges.get(schema);
}

/**
 * The rule of a query that its schema alone cannot hold: it reads the request's context (the
 * sandbox clock's today, the path's account a paging cursor is bound to). `query` is the query as
 * the route's schema parsed it.
 */
export type QueryRule<S extends z.ZodObject, T> = (query: z.output<S>, request: FastifyRequest) => ParseResult<T>;

/** A route's query judged by its rule, with the request: what the route declares, and what its handler reads. */
export interface ContextualQuery<S extends z.ZodObject, T> {
  /** The route's query schema: it checks the query first, and describes it in /openapi.json. */
  readonly schema: S;
  /** The query of a request of the route, as the rule judged it (in the route's last preHandler). */
  of(request: FastifyRequest): T;
}

/**
 * A query that the route checks with `schema` and then, once every part of the request has passed
 * (route-validation's last preHandler), judges with `rule` and the request: all the rule's
 * violations are one 400. Each call keeps its own copy of `schema`, so that routes sharing a query
 * schema may judge it by their own rules (a marker such as knownParametersOnly goes on the copy,
 * `schema` of the result).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/errors.md#statuses-by-code
 */
export function contextualQuery<S extends z.ZodObject, T>(schema: S, rule: QueryRule<S, T>): ContextualQuery<S, T> {
  const own = schema.clone() as S;
  const verdicts = new WeakMap<FastifyRequest, T>();
  judges.set(own, (request, query) => {
    const result = rule(query as z.output<S>, request);
    if (!result.ok) throw BankError.fromMessages(result.tppMessages);
    verdicts.set(request, result.value);
  });
  return {
    schema: own,
    of(request) {
      if (!verdicts.has(request)) {
        // A programming error: the route's query schema is not this one's, or the handler ran without route-validation.
        throw new Error(`${request.method} ${request.routeOptions.url ?? request.url}: the contextual query was not judged`);
      }
      return verdicts.get(request) as T;
    },
  };
}
