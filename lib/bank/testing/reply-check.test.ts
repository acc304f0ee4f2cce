import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { linksSchema } from "../../psd2/schemas/links";
import { errorResponseSchema } from "../../psd2/schemas/tpp-message";
import { buildBank } from "../app";
import { loadBankConfig } from "../config";
import { openBankDatabase } from "../db/open-bank-database";
import { v1Route } from "../openapi/v1-route";
import { ANY_TPP_ROLES } from "../operation";
import { TEST_NOW } from "./build-test-bank";
import { describeReplyViolations, registerReplyCheck, type ReplyViolation, strictReplySchema } from "./reply-check";
import { readSharedFile } from "./shared-test-pki";
import { createSignedTestClient, type SignedTestClient } from "./signed-test-client";

const widgetSchema = z.looseObject({
  name: z.string().describe("The widget's name"),
  size: z.number().int().optional().describe("Its size"),
  _links: linksSchema.optional().describe("Its links"),
});
const ERROR = { description: "RESOURCE_UNKNOWN", schema: errorResponseSchema };

/** What each `?answer=` of the test-only operation replies: right, or breaking its documentation in one way. */
const ANSWERS: Record<string, { status: number; body?: unknown; text?: string }> = {
  right: { status: 200, body: { widget: { name: "a", size: 2, _links: { self: { href: "/v1/widgets/a", verbs: ["GET"] } } } } },
  extra: { status: 200, body: { widget: { name: "a", colour: "red" } } },
  "wrong-type": { status: 200, body: { widget: { name: 5 } } },
  missing: { status: 200, body: {} },
  undocumented: { status: 409, body: { tppMessages: [{ category: "ERROR", code: "CONFLICT" }] } },
  "error-extra": { status: 404, body: { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN", hint: "none" }] } },
  "not-json": { status: 200, text: "a widget" },
  "server-error": { status: 500, body: { tppMessages: [{ category: "ERROR", code: "SYSTEM_ERROR" }] } },
};

/** Test-only operations in the bank's /v1 scope, each documented, whose replies a query parameter picks. */
function widgetRoutes(v1: FastifyInstance): void {
  v1.get(
    "/widgets/:widgetId",
    v1Route(
      { roles: ANY_TPP_ROLES },
      {
        summary: "Read a widget (test only)",
        tags: ["Test"],
        params: z.object({ widgetId: z.string().describe("The widget") }),
        querystring: z.looseObject({ answer: z.string().optional().describe("The reply wanted") }),
        responses: { 200: { description: "The widget", schema: z.looseObject({ widget: widgetSchema.describe("It") }) }, 404: ERROR },
      },
    ),
    async (request, reply) => {
      const answer = ANSWERS[(request.query as { answer?: string }).answer ?? "right"] ?? { status: 200 };
      if (answer.text !== undefined) return reply.status(answer.status).type("text/plain").send(answer.text);
      return reply.status(answer.status).send(answer.body);
    },
  );
  v1.delete(
    "/widgets/:widgetId",
    v1Route(
      { roles: ANY_TPP_ROLES },
      {
        summary: "Delete a widget (test only)",
        tags: ["Test"],
        params: z.object({ widgetId: z.string().describe("The widget") }),
        querystring: z.looseObject({ answer: z.string().optional().describe("The reply wanted") }),
        responses: { 204: { description: "Deleted" }, 404: ERROR },
      },
    ),
    async (request, reply) =>
      (request.query as { answer?: string }).answer === "body" ? reply.status(204).send({ deleted: true }) : reply.status(204).send(),
  );
}

describe("the reply check, in a bank with test-only operations", () => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  const reported: ReplyViolation[] = [];

  beforeAll(async () => {
    app = await buildBank({
      config: loadBankConfig({}),
      database: await openBankDatabase({ dataDir: "memory" }),
      extraTrustAnchorsPem: readSharedFile("keys/trusted-cas.pem"),
      realNow: () => TEST_NOW,
      instrumentV1: (v1) => {
        registerReplyCheck(v1, (violation) => reported.push(violation));
        widgetRoutes(v1);
      },
    });
    tpp = createSignedTestClient(app);
  }, 60_000);
  afterAll(() => app?.close());
  beforeEach(() => {
    reported.length = 0;
  });

  it("passes a reply that is what the document says, and the bank's own operations' replies", async () => {
    expect((await tpp.get("/v1/widgets/a?answer=right")).statusCode).toBe(200);
    expect((await tpp.request({ method: "DELETE", url: "/v1/widgets/a" })).statusCode).toBe(204);
    expect((await tpp.get("/v1/sandbox/clock")).statusCode).toBe(200);
    // An operation's documented error: a signature missing is 400 with tppMessages.
    expect((await app.inject({ method: "GET", url: "/v1/sandbox/clock" })).statusCode).toBe(400);
    expect(reported).toEqual([]);
  });

  it.each([
    ["extra", 200, "widget: colour not in the document"],
    ["wrong-type", 200, "widget.name: Invalid input: expected string, received number"],
    ["missing", 200, "widget: Invalid input: expected object, received undefined"],
    ["undocumented", 409, "status 409 is not documented (documented: 200, 404)"],
    ["error-extra", 404, "tppMessages[0]: hint not in the document"],
    ["server-error", 500, "status 500 is not documented (documented: 200, 404)"],
  ])("reports ?answer=%s with the operation, status %i and the problem", async (answer, status, problem) => {
    const response = await tpp.get(`/v1/widgets/a?answer=${answer}`);
    expect(response.statusCode).toBe(status);
    expect(reported).toEqual([{ operation: "GET /v1/widgets/:widgetId", status, problems: [problem] }]);
  });

  it("reports a body that is not JSON, and a body where the document gives none", async () => {
    await tpp.get("/v1/widgets/a?answer=not-json");
    await tpp.request({ method: "DELETE", url: "/v1/widgets/a?answer=body" });
    expect(reported).toEqual([
      {
        operation: "GET /v1/widgets/:widgetId",
        status: 200,
        problems: ["Content-Type text/plain, not application/json", "the body is not JSON"],
      },
      { operation: "DELETE /v1/widgets/:widgetId", status: 204, problems: ["a body where the document gives none"] },
    ]);
  });

  it("leaves alone what no operation answers (a path no route serves)", async () => {
    expect((await tpp.get("/v1/no-such-thing")).statusCode).toBe(404);
    expect(reported).toEqual([]);
  });

  it("says what broke in one message, each operation and status once", () => {
    const violation = { operation: "GET /v1/widgets/:widgetId", status: 200, problems: ["widget: colour not in the document"] };
    expect(describeReplyViolations([violation, violation])).toBe(
      "A /v1 reply does not match /openapi.json:\nGET /v1/widgets/:widgetId answered 200: widget: colour not in the document (2 replies)",
    );
  });
});

describe("strictReplySchema", () => {
  it("closes loose and plain objects, keeps a catchall of a schema, and leaves the schema it copies as it was", () => {
    const loose = z.looseObject({ a: z.string(), inner: z.object({ b: z.number() }), _links: linksSchema });
    const strict = strictReplySchema(loose);
    const links = { self: { href: "/v1/x", verbs: ["GET"] } };
    expect(strict.safeParse({ a: "x", inner: { b: 1 }, _links: links }).success).toBe(true);
    expect(strict.safeParse({ a: "x", inner: { b: 1 }, _links: links, c: 1 }).success).toBe(false);
    expect(strict.safeParse({ a: "x", inner: { b: 1, c: 1 }, _links: links }).success).toBe(false);
    expect(strict.safeParse({ a: "x", inner: { b: 1 }, _links: { self: { href: "/v1/x", verbs: ["GET"], extra: 1 } } }).success).toBe(
      false,
    );
    expect(loose.safeParse({ a: "x", inner: { b: 1, c: 1 }, _links: links, c: 1 }).success).toBe(true);
    const withCatchall = strictReplySchema(z.object({ a: z.string() }).catchall(z.number()));
    expect(withCatchall.safeParse({ a: "x", b: 1 }).success).toBe(true);
    expect(withCatchall.safeParse({ a: "x", b: "y" }).success).toBe(false);
  });

  it("keeps the checks, requires a defaulted field (the document's output) and takes no transform's branch", () => {
    const schema = strictReplySchema(
      z.object({
        name: z.string().max(3),
        count: z.number().default(0),
        amount: z.union([z.int32().transform(String), z.string()]),
      }),
    );
    expect(schema.safeParse({ name: "abc", count: 1, amount: "1.00" }).success).toBe(true);
    expect(schema.safeParse({ name: "abcd", count: 1, amount: "1.00" }).success).toBe(false);
    expect(schema.safeParse({ name: "abc", amount: "1.00" }).success).toBe(false);
    expect(schema.safeParse({ name: "abc", count: 1, amount: 1 }).success).toBe(false);
  });
});
