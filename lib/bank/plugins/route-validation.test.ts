import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BankError } from "../errors";
import { v1Route } from "../openapi/v1-route";
import { registerRouteValidation, type ZodOutputTypeProvider } from "./route-validation";

// What the route's schemas hand on to a handler: the parsed output of the path, the query and a
// body the route checks; the headers whole; a body checked by its service as sent.
describe("route validation", () => {
  let app: FastifyInstance;
  const seen: { params?: unknown; query?: unknown; headers?: unknown; body?: unknown }[] = [];
  const amount = z.string().transform((value) => Number(value));
  const operation = { roles: [] };

  beforeAll(async () => {
    app = Fastify();
    registerRouteValidation(app);
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof BankError) return reply.status(error.status).send({ tppMessages: error.tppMessages });
      throw error;
    });
    const routes = app.withTypeProvider<ZodOutputTypeProvider>();
    routes.post(
      "/things/:count",
      v1Route(operation, {
        summary: "A route whose parts transform",
        tags: [],
        params: z.object({ count: amount }),
        querystring: z.looseObject({ limit: amount.optional() }),
        headers: [{ name: "X-Note", required: false, description: "A note" }],
        body: z.strictObject({ price: amount, note: z.string().default("none") }),
        responses: {},
      }),
      async (request) => {
        const count: number = request.params.count;
        const limit: number | undefined = request.query.limit;
        const price: number = request.body.price;
        seen.push({ params: request.params, query: request.query, headers: request.headers, body: request.body });
        return { count, limit, price };
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("hands on the parsed path, query and body (transforms and defaults applied), and every header", async () => {
    seen.length = 0;
    const response = await app.inject({
      method: "POST",
      url: "/things/3?limit=20&other=kept",
      headers: { "content-type": "application/json", "x-note": "hello", "x-other": "also" },
      payload: { price: "12.5" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 3, limit: 20, price: 12.5 });
    expect(seen[0]?.params).toEqual({ count: 3 });
    // A parameter the query does not name stays (for the request checks and the services).
    expect(seen[0]?.query).toEqual({ limit: 20, other: "kept" });
    expect(seen[0]?.body).toEqual({ price: 12.5, note: "none" });
    expect(seen[0]?.headers).toMatchObject({ "x-note": "hello", "x-other": "also" });
  });

  it("answers a failed check with the interface's error naming the field", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/things/3",
      headers: { "content-type": "application/json" },
      payload: { price: 12 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "price", text: "price must be a string, not a number" }],
    });
  });

  it("refuses to declare a query schema that would drop the parameters it does not name", () => {
    expect(() =>
      v1Route(operation, { summary: "Strip", tags: [], querystring: z.object({ limit: z.string().optional() }), responses: {} }),
    ).toThrow(
      "Strip: the querystring schema must be a z.looseObject or a z.strictObject; a z.object would drop the parameters it does not name",
    );
    for (const querystring of [z.looseObject({ limit: z.string().optional() }), z.strictObject({ limit: z.string().optional() })]) {
      expect(v1Route(operation, { summary: "Kept or refused", tags: [], querystring, responses: {} }).schema.querystring).toBe(querystring);
    }
  });

  it("refuses a parameter a strict query does not name", async () => {
    const strict = Fastify();
    registerRouteValidation(strict);
    strict.setErrorHandler((error, _request, reply) =>
      error instanceof BankError ? reply.status(error.status).send({ tppMessages: error.tppMessages }) : reply.send(error),
    );
    strict.get(
      "/strict",
      v1Route(operation, { summary: "Strict", tags: [], querystring: z.strictObject({}), responses: {} }),
      async () => ({}),
    );
    const response = await strict.inject({ method: "GET", url: "/strict?extra=1" });
    await strict.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      tppMessages: [
        { category: "ERROR", code: "FORMAT_ERROR", path: "extra", text: "extra is not a known field; unknown fields are rejected" },
      ],
    });
  });
});
