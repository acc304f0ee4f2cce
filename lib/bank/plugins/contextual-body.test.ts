import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ParseResult } from "../../psd2/schemas";
import { BankError } from "../errors";
import { contextualBody, contextualQuery } from "./contextual-body";
import { registerJsonBody } from "./json-body";
import { knownParametersOnly, pathParameter, registerRouteValidation, type ZodOutputTypeProvider } from "./route-validation";

const KINDS = ["small", "large"] as const;

/** What the rule saw, per request: the body as sent and the path's kind. */
const seen: { body: unknown; kind: unknown }[] = [];

/** A body `{n}` whose bound depends on the path's kind: small takes n up to 10, large up to 1000; n above 5 has a WARNING. */
function judgeNumber(body: unknown, request: FastifyRequest): ParseResult<number> {
  const { kind } = z.object({ kind: z.enum(KINDS) }).parse(request.params);
  seen.push({ body, kind });
  const parsed = z.strictObject({ n: z.number() }).safeParse(body);
  if (!parsed.success) return { ok: false, tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", text: "the body must be {n}" }] };
  const { n } = parsed.data;
  const limit = kind === "small" ? 10 : 1000;
  if (n > limit)
    return { ok: false, tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "n", text: `n is above ${limit} for ${kind}` }] };
  return { ok: true, value: n, tppMessages: n > 5 ? [{ category: "WARNING", code: "FORMAT_ERROR", path: "n", text: "n is large" }] : [] };
}

const numberBody = contextualBody(z.strictObject({ n: z.number() }), judgeNumber);
const unjudged = contextualBody(z.strictObject({}).optional(), () => ({ ok: true, value: "never read", tppMessages: [] }));

// The route-validation plugin with contextual bodies, path parameters with their own error and a closed query.
describe("contextual bodies and the route's own rules of path and query", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerJsonBody(app, { bodyLimit: 1024 });
    registerRouteValidation(app);
    app.setErrorHandler((error, _request, reply) =>
      error instanceof BankError ? reply.status(error.status).send(error.toBody()) : reply.status(500).send({ error: String(error) }),
    );
    const routes = app.withTypeProvider<ZodOutputTypeProvider>();
    routes.post(
      "/numbers/:kind",
      {
        schema: {
          params: z.object({
            kind: pathParameter(z.enum(KINDS), (value) => new BankError("PRODUCT_UNKNOWN", `no kind ${String(value)}`, { path: "kind" })),
          }),
          querystring: knownParametersOnly(z.strictObject({ flag: z.enum(["on"]).optional() }), "only flag is"),
          body: numberBody.schema,
        },
      },
      async (request) => ({ judged: numberBody.of(request), flag: request.query.flag ?? null }),
    );
    // A route whose handler reads a contextual body that is not its own: a programming error.
    routes.post("/mixed", { schema: { body: z.strictObject({ n: z.number() }) } }, async (request) => unjudged.of(request).value);
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload?: string) =>
    app.inject({ method: "POST", url, ...(payload === undefined ? {} : { payload, headers: { "content-type": "application/json" } }) });

  it("judges the body with the request's context; the handler reads the typed value and its WARNINGs", async () => {
    const small = await post("/numbers/small", '{"n":7}');
    expect(small.json()).toEqual({
      judged: { value: 7, warnings: [{ category: "WARNING", code: "FORMAT_ERROR", path: "n", text: "n is large" }] },
      flag: null,
    });
    expect((await post("/numbers/large?flag=on", '{"n":5}')).json()).toEqual({ judged: { value: 5, warnings: [] }, flag: "on" });
    const tooLarge = await post("/numbers/small", '{"n":500}');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "n", text: "n is above 10 for small" }],
    });
  });

  it("hands the rule a JSON null as null and no body as undefined", async () => {
    seen.length = 0;
    expect((await post("/numbers/small", "null")).statusCode).toBe(400);
    expect((await post("/numbers/small")).statusCode).toBe(400);
    expect(seen).toEqual([
      { body: null, kind: "small" },
      { body: undefined, kind: "small" },
    ]);
  });

  it("judges the body only once the path and the query have passed: their errors come first", async () => {
    seen.length = 0;
    const unknownKind = await post("/numbers/medium?other=1", '{"n":"x"}');
    expect(unknownKind.statusCode).toBe(404);
    expect(unknownKind.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "PRODUCT_UNKNOWN", path: "kind", text: "no kind medium" }],
    });
    const unknownParameter = await post(`/numbers/small?${"p".repeat(50)}=1&other=2`, '{"n":"x"}');
    expect(unknownParameter.statusCode).toBe(400);
    expect(unknownParameter.json()).toEqual({
      tppMessages: [
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: "p".repeat(40),
          text: `The query parameter ${"p".repeat(40)} is not known to this operation; only flag is`,
        },
      ],
    });
    // A known parameter's own error comes before an unknown parameter.
    const badFlag = await post("/numbers/small?other=1&flag=off", '{"n":1}');
    expect(badFlag.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "flag", text: "flag must be on" }],
    });
    expect(seen).toEqual([]);
  });

  it("a handler that reads a body its route did not judge fails loudly", async () => {
    const response = await post("/mixed", '{"n":1}');
    expect(response.statusCode).toBe(500);
    expect(response.json<{ error: string }>().error).toContain("/mixed: the contextual body was not judged");
  });
});

/** A query `?size=` shared by two routes; each judges it against its own bound, read from the path. */
const sizeQuery = z.looseObject({
  size: z
    .string()
    .superRefine((size, issues) => {
      if (!/^[0-9]+$/.test(size)) {
        const text = `The query parameter size must be a whole number, not '${size}'`;
        issues.addIssue({ code: "custom", message: text, params: { tppMessage: { code: "FORMAT_ERROR", text } } });
      }
    })
    .transform(Number),
});

function boundedSize(bound: number) {
  return contextualQuery(sizeQuery, (query, request): ParseResult<{ size: number; of: string; extra: unknown }> => {
    const { of } = z.object({ of: z.string() }).parse(request.params);
    if (query.size > bound) {
      return {
        ok: false,
        tppMessages: [
          { category: "ERROR", code: "FORMAT_ERROR", path: "size", text: `size is above ${bound} for ${of}` },
          { category: "ERROR", code: "FORMAT_ERROR", text: "second message of the same 400" },
        ],
      };
    }
    return { ok: true, value: { size: query.size, of, extra: query.extra ?? null }, tppMessages: [] };
  });
}

// The route-validation plugin with contextual queries: the query's schema first, then its rule with the request.
describe("contextual queries", () => {
  let app: FastifyInstance;
  const small = boundedSize(10);
  const large = boundedSize(1000);

  beforeAll(async () => {
    app = Fastify();
    registerRouteValidation(app);
    app.setErrorHandler((error, _request, reply) =>
      error instanceof BankError ? reply.status(error.status).send(error.toBody()) : reply.status(500).send({ error: String(error) }),
    );
    const routes = app.withTypeProvider<ZodOutputTypeProvider>();
    routes.get("/small/:of", { schema: { querystring: small.schema } }, async (request) => small.of(request));
    routes.get("/large/:of", { schema: { querystring: large.schema } }, async (request) => large.of(request));
    // A route whose handler reads a contextual query that is not its own: a programming error.
    routes.get("/mixed", { schema: { querystring: sizeQuery } }, async (request) => small.of(request));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: "GET", url });

  it("judges the schema's output with the request; routes sharing a query schema keep their own rules", async () => {
    expect((await get("/small/x?size=7&extra=1")).json()).toEqual({ size: 7, of: "x", extra: "1" });
    expect((await get("/large/y?size=700")).json()).toEqual({ size: 700, of: "y", extra: null });
    const tooLarge = await get("/small/z?size=700");
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({
      tppMessages: [
        { category: "ERROR", code: "FORMAT_ERROR", path: "size", text: "size is above 10 for z" },
        { category: "ERROR", code: "FORMAT_ERROR", text: "second message of the same 400" },
      ],
    });
  });

  it("answers the schema's failure before the rule runs, a refinement's carried tppMessage whole", async () => {
    const notNumber = await get("/large/y?size=abc");
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json()).toEqual({
      tppMessages: [
        { category: "ERROR", code: "FORMAT_ERROR", path: "size", text: "The query parameter size must be a whole number, not 'abc'" },
      ],
    });
    const missing = await get("/large/y");
    expect(missing.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "QUERY_PARAMETER_REQUIRED", path: "size", text: "The query parameter size is required" }],
    });
  });

  it("a handler that reads a query its route did not judge fails loudly", async () => {
    const response = await get("/mixed?size=1");
    expect(response.statusCode).toBe(500);
    expect(response.json<{ error: string }>().error).toContain("/mixed: the contextual query was not judged");
  });
});
