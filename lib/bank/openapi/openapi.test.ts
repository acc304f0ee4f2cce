import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBank } from "../app";
import { loadBankConfig } from "../config";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-database";
import { HEADER_FORMATS } from "./v1-route";

/** The parts of the document the tests read. */
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  components: { securitySchemes: Record<string, unknown>; parameters: Record<string, unknown> };
  paths: Record<
    string,
    Partial<
      Record<
        string,
        {
          operationId: string;
          summary: string;
          tags: string[];
          parameters: ({ name: string; in: string; required?: boolean; description?: string } | { $ref: string })[];
          requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
          responses: Record<
            string,
            { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
          >;
          "x-psd2-roles": string[];
        }
      >
    >
  >;
};

/**
 * Every route of the app as Fastify's router holds it, read from printRoutes (independent of the
 * onRoute collection the OpenAPI document is built from): "METHOD /path" with `:param`s.
 */
function routesOfRouter(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD") routes.push(`${method} ${stack.join("")}`);
    }
  }
  return routes.sort();
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every `$ref` in the document points at something in it. */
function unresolvedRefs(document: unknown): string[] {
  const missing: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === "object" && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          let target: unknown = document;
          for (const part of value.replace(/^#\//, "").split("/")) target = isRecord(target) ? target[part] : undefined;
          if (!value.startsWith("#/") || target === undefined) missing.push(value);
        } else walk(value);
      }
    }
  };
  walk(document);
  return missing;
}

/**
 * Every property of every schema in the document (bodies, replies, parameters, components) that
 * has no description, as "where: path.to.property".
 */
function propertiesWithoutDescription(document: OpenApiDocument): string[] {
  const missing: string[] = [];
  const walk = (node: unknown, where: string, path: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, where, `${path}[${index}]`));
    else if (isRecord(node)) {
      if (isRecord(node.properties)) {
        for (const [name, property] of Object.entries(node.properties)) {
          const description = isRecord(property) ? property.description : undefined;
          if (typeof description !== "string" || description.trim() === "") missing.push(`${where}: ${path}.${name}`);
        }
      }
      for (const [key, value] of Object.entries(node)) walk(value, where, key === "properties" ? path : `${path}/${key}`);
    }
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) walk(operation, `${method.toUpperCase()} ${path}`, "");
  }
  walk(document.components, "components", "");
  return missing;
}

// The OpenAPI description and /docs are generated from the routes' schemas: a /v1 operation
// registered without them, or missing from either, fails here.
describe.each(testDatabaseKinds())("/openapi.json and /docs on %s", (kind) => {
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await buildBank({
      config: loadBankConfig({ BANK_PUBLIC_URL: "http://bank.test:4000" }),
      database: await createTestDatabase(kind),
    });
    await app.ready();
    const response = await app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    document = response.json<OpenApiDocument>();
  }, 60_000);
  afterAll(() => app.close());

  it("is valid OpenAPI 3.1 by a standard validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors, JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("every /v1 route of the router is collected, has its schema and config.operation, and every documented operation is served", () => {
    const v1Routes = routesOfRouter(app).filter((route) => route.split(" ")[1]?.startsWith("/v1/"));
    expect(v1Routes.length).toBeGreaterThanOrEqual(30);
    const collected = app.bank.v1Operations.map((operation) => `${operation.method} ${operation.url}`).sort();
    expect(collected).toEqual(v1Routes);

    const withoutPolicy = app.bank.v1Operations.filter((operation) => !operation.operation).map((o) => `${o.method} ${o.url}`);
    expect(withoutPolicy, "routes without config.operation").toEqual([]);

    const described = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(described).toEqual(v1Routes.map((route) => toOpenApiPath(route)).sort());
  });

  it("is an OpenAPI 3 document in its basic structure", () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(typeof document.info.title).toBe("string");
    expect(typeof document.info.version).toBe("string");
    expect(document.servers).toEqual([{ url: "http://bank.test:4000", description: "This sandbox bank" }]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(["tppSignature", "tppSignatureCertificate"]);
    expect(Object.keys(document.components.parameters)).toEqual(["XRequestID", "Digest", "Date"]);
    expect(unresolvedRefs(document)).toEqual([]);

    const tagNames = document.tags.map((tag) => tag.name);
    const operationIds = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/v1\//);
      for (const [method, operation] of Object.entries(methods).flatMap(([name, value]) => (value ? [[name, value] as const] : []))) {
        const where = `${method} ${path}`;
        expect(["get", "put", "post", "delete", "patch"], where).toContain(method);
        expect(operation.summary.length, where).toBeGreaterThan(0);
        expect(
          operation.tags.every((tag) => tagNames.includes(tag)),
          where,
        ).toBe(true);
        expect(operationIds.has(operation.operationId), `${where}: operationId ${operation.operationId} repeats`).toBe(false);
        operationIds.add(operation.operationId);
        expect(
          Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
          `${where} has no 2xx response`,
        ).toBe(true);
        for (const response of Object.values(operation.responses)) expect(response.description.length, where).toBeGreaterThan(0);
        const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const declared = operation.parameters.flatMap((p) => ("in" in p && p.in === "path" ? [p.name] : []));
        expect(declared.sort(), `${where}: path parameters`).toEqual(pathNames.sort());
        for (const parameter of operation.parameters) {
          if ("in" in parameter) expect(["path", "query", "header"], where).toContain(parameter.in);
        }
        expect(operation["x-psd2-roles"].length, `${where}: roles`).toBeGreaterThan(0);
      }
    }
  });

  it("gives every header parameter the format the bank holds its value to (HEADER_FORMATS)", () => {
    const seen = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation?.parameters ?? []) {
          if ("$ref" in parameter || parameter.in !== "header") continue;
          const format = HEADER_FORMATS[parameter.name];
          if (format === undefined) continue;
          seen.add(parameter.name);
          const schema = (parameter as { schema?: Record<string, unknown> }).schema;
          expect(schema, `${method.toUpperCase()} ${path}: header ${parameter.name}`).toMatchObject({ type: "string", ...format });
        }
      }
    }
    // The headers the operations take: each documented somewhere with its format.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        "PSU-Corporate-ID",
        "PSU-ID",
        "PSU-IP-Address",
        "TPP-Redirect-Preferred",
        "TPP-Redirect-URI",
        "TPP-Session-ID",
      ]),
    );
  });

  it("describes every property of every schema, and every parameter", () => {
    expect(propertiesWithoutDescription(document)).toEqual([]);
    const undescribed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        (operation?.parameters ?? []).flatMap((parameter) =>
          "$ref" in parameter || (typeof parameter.description === "string" && parameter.description.length > 0)
            ? []
            : [`${method.toUpperCase()} ${path}: ${parameter.in} ${parameter.name}`],
        ),
      ),
    );
    expect(undescribed).toEqual([]);
  });

  it("documents 413 and 415 with the error body on every operation a body can be sent to (POST, PUT, DELETE), and on no GET", () => {
    const errorBody = document.paths["/v1/sandbox/customers"]?.post?.responses["400"]?.content?.["application/json"]?.schema;
    expect(errorBody).toMatchObject({ properties: { tppMessages: { type: "array" } } });
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const status of ["413", "415"]) {
          if (method === "get") expect(operation?.responses[status], where).toBeUndefined();
          else expect(operation?.responses[status]?.content?.["application/json"]?.schema, `${where} ${status}`).toEqual(errorBody);
        }
      }
    }
  });

  it("describes the sandbox operations with their bodies and replies", () => {
    const created = document.paths["/v1/sandbox/customers"]?.post;
    expect(created?.requestBody?.content["application/json"]?.schema).toMatchObject({
      type: "object",
      properties: { customerNumber: { type: "string" }, customerType: { enum: ["PRIVATE", "CORPORATE"] } },
      required: ["customerNumber", "customerName", "customerType"],
      additionalProperties: false,
    });
    expect(Object.keys(created?.responses ?? {})).toEqual(["201", "400", "403", "409", "413", "415"]);
    expect(created?.responses["201"]?.headers).toHaveProperty("Location");
    const listing = document.paths["/v1/sandbox/card-accounts/{mockCardAccountId}/transactions"]?.get;
    expect(listing?.parameters).toContainEqual(expect.objectContaining({ name: "bookingStatus", in: "query", required: true }));
    expect(document.paths["/v1/sandbox/clock"]?.post?.requestBody?.content["application/json"]?.schema).toMatchObject({
      properties: { now: { type: "string" }, advance: { type: "string" }, frozen: { type: "boolean" }, reset: { const: true } },
    });
  });

  it("/docs renders every operation, by tag, with a link to /openapi.json", async () => {
    const response = await app.inject({ method: "GET", url: "/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const page = response.body;
    expect(page).toContain('href="/openapi.json"');
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods).flatMap(([name, value]) => (value ? [[name, value] as const] : []))) {
        expect(page, `${method} ${path}`).toContain(`<article class="operation" id="${operation.operationId}">`);
        expect(page.replaceAll("<wbr>", "")).toContain(
          `<span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${path}</code>`,
        );
      }
    }
    for (const tag of document.tags) expect(page).toContain(`>${tag.name}</h2>`);
    expect(page).not.toMatch(/<script|<link[^>]+https?:/i);
    // A free-form object has no empty field list; a _links map shows its links' fields and a self link.
    expect(page).not.toContain('<ul class="schema"></ul>');
    expect(page).toMatch(
      /<code class="field">_links<\/code> <span class="type">map of name to object<\/span>.*?<code class="field">href<\/code>.*?<code class="field">verbs<\/code>/s,
    );
    expect(page).toContain("&quot;_links&quot;: {\n    &quot;self&quot;: {");
  });
});
