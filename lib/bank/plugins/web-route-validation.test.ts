import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BankError } from "../errors";
import { checkedAsInterfaceBody, registerWebRouteValidation } from "./web-route-validation";

// docs/interface/errors.md#statuses-by-code: a failed check names the field; the pages' error handlers choose how to show it.
describe("the web routes' validator compiler", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    // A sibling context without the compiler: Fastify's own (Ajv) one stays there.
    app.register(async (other) => {
      other.post("/other", { schema: { body: { type: "object", required: ["n"] } } }, async () => ({ ok: true }));
    });
    await app.register(async (web) => {
      registerWebRouteValidation(web);
      web.setErrorHandler((error: FastifyError, _request, reply) =>
        reply.status(error instanceof BankError ? error.status : 500).send({
          bankError: error instanceof BankError,
          validationContext: error.validationContext,
          ...(error instanceof BankError ? error.toBody() : { message: error.message }),
        }),
      );
      const routes = web.withTypeProvider<ZodTypeProvider>();
      routes.get(
        "/items/:id",
        {
          schema: {
            params: z.object({ id: z.string().regex(/^[a-z]+$/) }),
            querystring: z.object({ n: z.coerce.number().int().optional() }),
          },
        },
        async (request) => ({ id: request.params.id, n: request.query.n ?? null }),
      );
      routes.post(
        "/form",
        { schema: { body: z.record(z.string(), z.string()).transform((form) => Object.keys(form).sort()) } },
        async (request) => ({ names: request.body }),
      );
      routes.post("/interface", { schema: { body: checkedAsInterfaceBody(z.strictObject({ name: z.string() })) } }, async (request) => ({
        name: request.body.name,
      }));
    });
  });
  afterAll(() => app.close());

  it("hands the handler the schema's output", async () => {
    expect((await app.inject({ method: "GET", url: "/items/abc?n=3" })).json()).toEqual({ id: "abc", n: 3 });
    const notAForm = await app.inject({ method: "POST", url: "/form", payload: [1] });
    expect(notAForm.statusCode).toBe(400);
    expect(notAForm.json()).toMatchObject({ validationContext: "body", tppMessages: [{ code: "FORMAT_ERROR" }] });
    const names = await app.inject({ method: "POST", url: "/form", payload: { b: "1", a: "2" } });
    expect(names.json()).toEqual({ names: ["a", "b"] });
  });

  it("answers a failed check with a BankError naming the field, and the part in validationContext", async () => {
    const params = await app.inject({ method: "GET", url: "/items/ABC" });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({
      bankError: true,
      validationContext: "params",
      tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "id" }],
    });
    expect(params.json<{ tppMessages: { text: string }[] }>().tppMessages[0]?.text).toMatch(/^id /);

    const query = await app.inject({ method: "GET", url: "/items/abc?n=1.5" });
    expect(query.json()).toMatchObject({
      bankError: true,
      validationContext: "querystring",
      tppMessages: [{ code: "FORMAT_ERROR", path: "n" }],
    });
  });

  it("checks an interface body as the JSON interface does: characters outside the BMP first, then the schema's issues", async () => {
    const response = await app.inject({ method: "POST", url: "/interface", payload: { name: "A\u{1F600}", extra: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      bankError: true,
      validationContext: "body",
      tppMessages: [
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: "name",
          text: "name contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
        },
        { category: "ERROR", code: "FORMAT_ERROR", path: "extra", text: "extra is not a known field; unknown fields are rejected" },
      ],
    });
    expect((await app.inject({ method: "POST", url: "/interface", payload: { name: "A" } })).json()).toEqual({ name: "A" });
  });

  it("is set on its own encapsulation context only", async () => {
    const response = await app.inject({ method: "POST", url: "/other", payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "FST_ERR_VALIDATION" });
  });
});
