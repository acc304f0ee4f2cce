import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenAPIV3_1 } from "openapi-types";
import { parsePaymentRequest } from "../../../psd2/schemas";
import { buildBank } from "../../app";
import { isSchema, requestBodyExampleOf } from "../../openapi/schema-example";
import { loadBankConfig } from "../../config";
import { createTestDatabase, testDatabaseKinds } from "../../testing/test-database";

// docs/interface/endpoints.md#success-statuses: /docs shows the /v1 operations; ?q= filters them, and a ?q= the page cannot read shows them all.
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

  /** The example request of an operation of the page, as shown (entities decoded). */
  const exampleRequest = (operationId: string) => {
    const article = everything.slice(everything.indexOf(`<article class="operation" id="${operationId}">`));
    const code = /<figcaption>Request<\/figcaption><pre tabindex="0"><code>([\s\S]*?)<\/code>/.exec(article)?.[1] ?? "";
    return code.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  };

  it("shows example requests a TPP can send: header values the bank takes, the conditional headers signed, a body its rules accept", async () => {
    const document = (await app.inject({ method: "GET", url: "/openapi.json" })).json<OpenAPIV3_1.Document>();
    for (const service of ["payments", "periodic-payments", "bulk-payments"] as const) {
      const operation = document.paths?.[`/v1/${service}/{paymentProduct}`]?.post;
      const schema = (operation?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content["application/json"]?.schema;
      expect(isSchema(schema), service).toBe(true);
      // The examples' dates are of the examples' today, 2026-01-10.
      const parsed = parsePaymentRequest(service, "norwegian-domestic-credit-transfers", requestBodyExampleOf(schema as never), {
        today: "2026-01-10",
      });
      expect(parsed.ok ? [] : parsed.tppMessages, service).toEqual([]);
    }
    const payment = exampleRequest("postPaymentsByPaymentProduct");
    expect(payment).toContain('headers="date digest x-request-id psu-id tpp-redirect-uri"');
    expect(payment).toContain("\nx-accept-fix: amount-as-string\n");
    expect(payment).toContain("\nPSU-IP-Address: 192.0.2.10\n");
    expect(payment).not.toMatch(/: text$/m);
    expect(exampleRequest("getSandboxCustomers")).toContain('headers="date digest x-request-id"');
  });

  it("shows no integer bound a TPP would never meet, a scaRedirect to the bank's page, and the command that checks a reply", () => {
    expect(everything).not.toContain("9007199254740991");
    // Lists of ids show an id, not a placeholder.
    expect(everything).not.toMatch(/\[\n\s*&quot;text&quot;\n\s*\]/);
    expect(everything).toContain("checks the bank's replies (<code>psd2 verify-response</code>)");
    expect(everything).toContain("&quot;scaRedirect&quot;: {\n      &quot;href&quot;: &quot;https://bank.example/sca/");
  });

  it("GET /openapi.json takes no parameters: a query is disregarded", async () => {
    const plain = await app.inject({ method: "GET", url: "/openapi.json" });
    const queried = await app.inject({ method: "GET", url: "/openapi.json?q=x&q=y" });
    expect(queried.statusCode).toBe(200);
    expect(queried.body).toBe(plain.body);
  });
});
