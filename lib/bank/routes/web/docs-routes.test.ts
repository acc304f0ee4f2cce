import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBank } from "../../app";
import { loadBankConfig } from "../../config";
import { createTestDatabase, testDatabaseKinds } from "../../testing/test-database";

// supplement.md §2: /docs shows the /v1 operations; ?q= filters them, and a ?q= the page cannot read shows them all.
describe.each(testDatabaseKinds())("GET /docs?q= on %s", (kind) => {
  let app: FastifyInstance;
  let everything: string;

  beforeAll(async () => {
    app = await buildBank({
      config: loadBankConfig({ BANK_PUBLIC_URL: "http://bank.test:4000" }),
      database: await createTestDatabase(kind),
    });
    const response = await app.inject({ method: "GET", url: "/docs" });
    expect(response.statusCode).toBe(200);
    everything = response.body;
  }, 60_000);
  afterAll(() => app.close());

  it("filters the operations by ?q=", async () => {
    const response = await app.inject({ method: "GET", url: "/docs?q=balances" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toMatch(/<p class="docs-found" role="status">\d+ of \d+ operations match <strong>balances<\/strong>\.<\/p>/);
    expect(response.body).toContain('value="balances"');
  });

  it("shows every operation for an empty ?q=, one given twice, and other parameters", async () => {
    for (const url of ["/docs?q=", "/docs?q=%20%20", "/docs?q=balances&q=basket", "/docs?q[]=balances", "/docs?lang=en"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(everything);
    }
  });

  it("GET /openapi.json takes no parameters: a query is disregarded", async () => {
    const plain = await app.inject({ method: "GET", url: "/openapi.json" });
    const queried = await app.inject({ method: "GET", url: "/openapi.json?q=x&q=y" });
    expect(queried.statusCode).toBe(200);
    expect(queried.body).toBe(plain.body);
  });
});
