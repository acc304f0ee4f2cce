import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { X509Certificate } from "node:crypto";
import { decodeQcStatements, privateKeyMatchesCertificate, readCertificateInfo } from "../../../psd2/certificates";
import { parseCertificate } from "../../../psd2/x509";
import { renderPortalPage } from "../../portal/render-portal-page";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createCustomersRepository } from "../../repositories/customers-repository";
import { createTppsRepository } from "../../repositories/tpps-repository";
import { buildTestBank } from "../../testing/build-test-bank";
import { createSignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";
import { expectRejected, fingerprintDatabase } from "../v1/sandbox-routes.test-support";

type Issued = {
  tppId: string;
  organisationName: string;
  roles: string[];
  certificate: string;
  privateKey: string;
  caCertificate: string;
  tlsCertificate: string;
  tlsPrivateKey: string;
  validUntil: string;
};

// docs/interface/certificates.md#certificates-and-tpp-registration: the developer portal issues a TPP certificate and key for chosen roles and registers the TPP.
describe.each(testDatabaseKinds())("the developer portal on %s", (kind) => {
  let app: FastifyInstance;
  const issue = (body: unknown) =>
    app.inject({
      method: "POST",
      url: "/portal/certificates",
      payload: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
  const submitForm = (fields: Record<string, string | string[]>) => {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    return app.inject({
      method: "POST",
      url: "/portal/certificates",
      payload: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  };

  beforeAll(async () => {
    app = await buildTestBank(kind);
  }, 60_000);
  afterAll(() => app.close());

  it("issues a certificate and key as JSON (201) that sign requests the bank accepts, and registers the TPP", async () => {
    const response = await issue({ organisationName: "Fjordpay AS", organisationId: "PSDNO-FSA-777001", roles: ["PSP_AI", "PSP_PI"] });
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json<Issued>();
    expect(issued).toMatchObject({
      tppId: "PSDNO-FSA-777001",
      organisationName: "Fjordpay AS",
      roles: ["PSP_AI", "PSP_PI"],
      caCertificate: app.bank.pki.ca.certificatePem,
    });
    expect(issued.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(issued.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const info = readCertificateInfo(issued.certificate);
    expect(info).toMatchObject({
      organizationIdentifier: "PSDNO-FSA-777001",
      organizationName: "Fjordpay AS",
      roles: ["PSP_AI", "PSP_PI"],
      competentAuthority: { id: "NO-FSA", name: "Finanstilsynet" },
    });

    // Beside it, a QWAC-style TLS client certificate of the same TPP, from the same CA, with a key of its own (docs/interface/transport.md#transport).
    const tls = new X509Certificate(issued.tlsCertificate);
    expect(tls.checkIssued(new X509Certificate(issued.caCertificate))).toBe(true);
    expect(tls.keyUsage).toEqual(["1.3.6.1.5.5.7.3.2"]);
    expect(privateKeyMatchesCertificate(issued.tlsPrivateKey, issued.tlsCertificate)).toBe(true);
    expect(issued.tlsPrivateKey).not.toBe(issued.privateKey);
    expect(readCertificateInfo(issued.tlsCertificate)).toMatchObject({
      organizationIdentifier: "PSDNO-FSA-777001",
      organizationName: "Fjordpay AS",
      roles: ["PSP_AI", "PSP_PI"],
    });
    const qcStatements = parseCertificate(issued.tlsCertificate).extensions.find((extension) => extension.oid === "1.3.6.1.5.5.7.1.3");
    expect(decodeQcStatements(qcStatements?.value ?? new Uint8Array()).qcTypes).toEqual(["0.4.0.1862.1.6.3"]);

    const client = createSignedTestClient(app, { privateKeyPem: issued.privateKey, certificatePem: issued.certificate });
    const customers = await client.get("/v1/sandbox/customers");
    expect(customers.statusCode, customers.body).toBe(200);

    const tpp = await createTppsRepository(app.bank.db).findById("PSDNO-FSA-777001");
    expect(tpp).toMatchObject({ name: "Fjordpay AS", roles: ["PSP_AI", "PSP_PI"], registeredThrough: "portal" });
  });

  it("a payment-only certificate is refused on account information (403), and re-issuing updates the TPP's name and roles", async () => {
    const response = await issue({ organisationName: "Fjordpay Payments AS", organisationId: "PSDNO-FSA-777001", roles: ["PSP_PI"] });
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json<Issued>();
    const client = createSignedTestClient(app, { privateKeyPem: issued.privateKey, certificatePem: issued.certificate });
    const accounts = await client.get("/v1/accounts", { "TPP-Session-ID": "s1", "TPP-Redirect-URI": "https://tpp.example/cb" });
    expect(accounts.statusCode).toBe(403);
    expect(accounts.json()).toMatchObject({
      tppMessages: [
        {
          category: "ERROR",
          code: "FORBIDDEN",
          path: "TPP-Signature-Certificate",
          text: "This operation needs the PSD2 role PSP_AI; the certificate's roles are PSP_PI",
        },
      ],
    });
    expect((await client.get("/v1/sandbox/clock")).statusCode).toBe(200);
    expect(await createTppsRepository(app.bank.db).findById("PSDNO-FSA-777001")).toMatchObject({
      name: "Fjordpay Payments AS",
      roles: ["PSP_PI"],
      registeredThrough: "portal",
    });
  });

  it("accepts the organisation id of another country's authority", async () => {
    const response = await issue({ organisationName: "Svea Pay AB", organisationId: "PSDSE-FINA-44059", roles: ["PSP_AI"] });
    expect(response.statusCode, response.body).toBe(201);
    expect(readCertificateInfo(response.json<Issued>().certificate).competentAuthority).toEqual({
      id: "SE-FINA",
      name: "Finansinspektionen",
    });
  });

  it("refuses bad input with tppMessages naming the field, registering nothing", async () => {
    const cases: [unknown, { path?: string; text: string; status?: number; code?: string }][] = [
      [
        { organisationName: "Example AS", organisationId: "123456", roles: ["PSP_AI"] },
        {
          path: "organisationId",
          text: "organisationId must be an ETSI PSD2 organisation id PSD<country>-<authority>-<id> of at most 64 characters, e.g. PSDNO-FSA-123456 (letters, digits, dot, hyphen and underscore in the id)",
        },
      ],
      [
        { organisationName: "Example AS", organisationId: "PSDNO-FSA-1", roles: [] },
        { path: "roles", text: "roles must hold PSP_AI, PSP_PI or both" },
      ],
      [
        { organisationName: "Example AS", organisationId: "PSDNO-FSA-1", roles: ["PSP_AS"] },
        { path: "roles[0]", text: "roles[0] must be one of PSP_AI, PSP_PI" },
      ],
      [
        { organisationName: "Example AS", organisationId: "PSDNO-FSA-1", roles: ["PSP_AI", "PSP_AI"] },
        { path: "roles", text: "roles must name each role once" },
      ],
      [
        { organisationId: "PSDNO-FSA-1", roles: ["PSP_AI"] },
        { path: "organisationName", text: "organisationName is required" },
      ],
      [
        { organisationName: " Example AS", organisationId: "PSDNO-FSA-1", roles: ["PSP_AI"] },
        { path: "organisationName", text: "organisationName must not begin or end with spaces" },
      ],
      [
        { organisationName: "E".repeat(65), organisationId: "PSDNO-FSA-1", roles: ["PSP_AI"] },
        { path: "organisationName", text: "organisationName must be at most 64 characters (the limit of a certificate's O)" },
      ],
      [
        { organisationName: "Example AS", organisationId: "PSDNO-FSA-1", roles: ["PSP_AI"], email: "x@example.no" },
        { path: "email", text: "email is not a known field; unknown fields are rejected" },
      ],
    ];
    for (const [body, expected] of cases) {
      await expectRejected(app.bank.db, () => issue(body), { status: 400, code: "FORMAT_ERROR", ...expected });
    }
    const everything = await issue({ organisationName: "", organisationId: "x", roles: ["X"] });
    expect(everything.json<{ tppMessages: { path?: string }[] }>().tppMessages.map((message) => message.path)).toEqual([
      "organisationName",
      "organisationId",
      "roles[0]",
    ]);
    await expectRejected(
      app.bank.db,
      () => app.inject({ method: "POST", url: "/portal/certificates", payload: "{nope", headers: { "content-type": "application/json" } }),
      { status: 400, code: "FORMAT_ERROR", text: /^The request body cannot be read/ },
    );
    await expectRejected(
      app.bank.db,
      () => app.inject({ method: "POST", url: "/portal/certificates", payload: "organisation", headers: { "content-type": "text/plain" } }),
      {
        status: 415,
        code: "BAD_REQUEST",
        path: "Content-Type",
        text: "The request body must be JSON (Content-Type: application/json) or a form",
      },
    );
  });

  it("the form issues a certificate and shows it with download links", async () => {
    const response = await submitForm({ organisationName: "Nordlys Finans AS", organisationId: "PSDNO-FSA-880001", roles: "PSP_AI" });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain("BEGIN CERTIFICATE");
    expect(response.body).toContain('download="PSDNO-FSA-880001.key.pem"');
    expect(response.body).toContain('href="data:application/x-pem-file;base64,');
    // The next step names the files just offered and this bank's address.
    const downloads = [...response.body.matchAll(/download="([^"]+)"/g)].map((match) => match[1]);
    expect(downloads).toEqual([
      "PSDNO-FSA-880001.cert.pem",
      "PSDNO-FSA-880001.key.pem",
      "sandbox-ca.pem",
      "PSDNO-FSA-880001.tls.cert.pem",
      "PSDNO-FSA-880001.tls.key.pem",
    ]);
    expect(response.body).toContain(
      `sign --key PSDNO-FSA-880001.key.pem --cert PSDNO-FSA-880001.cert.pem \\\n  --request request.json --curl ${app.bank.config.publicUrl} | sh &gt; reply.http`,
    );
    expect(response.body).toContain("verify-response --trust sandbox-ca.pem --response reply.http");
    expect(await createTppsRepository(app.bank.db).findById("PSDNO-FSA-880001")).toMatchObject({
      roles: ["PSP_AI"],
      registeredThrough: "portal",
    });
  });

  it("the form shows what is wrong beside the field and keeps the values", async () => {
    const response = await submitForm({ organisationName: "Nordlys & Co", organisationId: "NORDLYS" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("The certificate was not issued.");
    expect(response.body).toContain("Organisation id must be an ETSI PSD2 organisation id");
    expect(response.body).toContain("PSD2 roles must hold PSP_AI, PSP_PI or both");
    expect(response.body).toContain('value="Nordlys &amp; Co"');
    expect(response.body).toContain('aria-invalid="true"');
  });

  /** The field errors of a portal page, in page order. */
  const fieldErrors = (page: string) => [...page.matchAll(/<p class="field-error" id="[^"]+">([^<]*)<\/p>/g)].map((match) => match[1]);

  it("the form answers a field given twice beside that field, keeping the other fields' values", async () => {
    const before = await fingerprintDatabase(app.bank.db);
    const response = await submitForm({
      organisationName: ["Nordlys AS", "Nordlys ASA"],
      organisationId: "PSDNO-FSA-880002",
      roles: "PSP_AI",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain("The certificate was not issued.");
    expect(fieldErrors(response.body)).toEqual(["Organisation name is given more than once; give it once"]);
    expect(response.body).toContain('name="organisationName" type="text" maxlength="64" autocomplete="organization" value="Nordlys AS"');
    expect(response.body).toContain('value="PSDNO-FSA-880002"');
    expect(response.body).toContain('value="PSP_AI" checked');
    expect(await fingerprintDatabase(app.bank.db)).toEqual(before);
  });

  it("the form shows an unknown role and a character outside the BMP beside their fields, keeping the values", async () => {
    const before = await fingerprintDatabase(app.bank.db);
    const role = await submitForm({ organisationName: "Nordlys AS", organisationId: "PSDNO-FSA-880003", roles: ["PSP_AS", "PSP_AI"] });
    expect(role.statusCode).toBe(400);
    expect(role.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(fieldErrors(role.body)).toEqual(["PSD2 roles must be one of PSP_AI, PSP_PI"]);
    expect(role.body).toContain('value="PSDNO-FSA-880003"');
    expect(role.body).toContain('value="PSP_AI" checked');
    expect(role.body).not.toContain('value="PSP_PI" checked');

    const emoji = await submitForm({ organisationName: "Nordlys \u{1F600}", organisationId: "PSDNO-FSA-880003", roles: "PSP_PI" });
    expect(emoji.statusCode).toBe(400);
    expect(fieldErrors(emoji.body)).toEqual([
      "Organisation name contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
    ]);
    expect(emoji.body).toContain('value="Nordlys \u{1F600}"');
    expect(emoji.body).toContain('aria-invalid="true"');
    expect(await fingerprintDatabase(app.bank.db)).toEqual(before);
  });

  it("the form's other fields are not the certificate's: they are disregarded, whatever they hold", async () => {
    const response = await submitForm({
      organisationName: "Nordlys Finans AS",
      organisationId: "PSDNO-FSA-880004",
      roles: ["PSP_AI", "PSP_PI"],
      submit: "Issue \u{1F600}",
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain('download="PSDNO-FSA-880004.key.pem"');
  });

  it("refuses a JSON body that is not an object, a role list that is not an array, characters outside the BMP, and no body", async () => {
    const json = (payload: string) =>
      app.inject({ method: "POST", url: "/portal/certificates", payload, headers: { "content-type": "application/json" } });
    await expectRejected(app.bank.db, () => json("null"), {
      status: 400,
      code: "FORMAT_ERROR",
      text: "the request body must be a JSON object, not null",
    });
    await expectRejected(app.bank.db, () => json("[1]"), {
      status: 400,
      code: "FORMAT_ERROR",
      text: "the request body must be a JSON object, not an array",
    });
    await expectRejected(app.bank.db, () => issue({ organisationName: "A", organisationId: "PSDNO-FSA-1", roles: "PSP_AI" }), {
      status: 400,
      code: "FORMAT_ERROR",
      path: "roles",
      text: "roles must be an array, not a string",
    });
    const emoji = await issue({ organisationName: "A\u{1F600}", organisationId: "PSDNO-FSA-1", roles: ["PSP_AI"], "k\u{1F600}": 1 });
    expect(emoji.statusCode).toBe(400);
    expect(emoji.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(emoji.json()).toEqual({
      tppMessages: [
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: '["k\u{1F600}"]',
          text: '["k\u{1F600}"] has a name that contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream',
        },
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: "organisationName",
          text: "organisationName contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
        },
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: '["k\u{1F600}"]',
          text: '["k\u{1F600}"] is not a known field; unknown fields are rejected',
        },
      ],
    });
    const unsupported = {
      status: 415,
      code: "BAD_REQUEST",
      path: "Content-Type",
      text: "The request body must be JSON (Content-Type: application/json) or a form",
    } as const;
    await expectRejected(app.bank.db, () => app.inject({ method: "POST", url: "/portal/certificates" }), unsupported);
    await expectRejected(
      app.bank.db,
      () =>
        app.inject({ method: "POST", url: "/portal/certificates", payload: "{}", headers: { "content-type": "application/vnd.api+json" } }),
      unsupported,
    );
  });

  it("GET /portal renders the page: the form, the CA, the test customers", async () => {
    const response = await app.inject({ method: "GET", url: "/portal" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    const page = response.body;
    expect(page).toContain('<form method="post" action="/portal/certificates#issue-title"');
    expect(page).toContain('name="organisationId"');
    expect(page).toContain('value="PSP_AI" checked');
    expect(page).toContain('href="/portal/ca.pem"');
    // How a consent comes back: the redirect's parameters, then the headers of the account calls.
    const consent = page.slice(page.indexOf('id="sca-title"'), page.indexOf('id="ca-title"'));
    for (const text of [
      "POST /v1/consents",
      "TPP-Redirect-URI",
      "psu-id",
      "tpp-session-id",
      "SCA_INVALID",
      "PSU-ID",
      "startAuthorisation",
    ]) {
      expect(consent).toContain(`<code>${text}</code>`);
    }
    expect(consent).toContain("404 <code>RESOURCE_UNKNOWN</code>");
    for (const number of ["13039319955", "12085592767", "18129215603", "20079518612"]) expect(page).toContain(number);
    // The account numbers a payment's debtorAccount takes, those of the sandbox's own accounts.
    const ingrid = (await createCustomersRepository(app.bank.db).list()).find((customer) => customer.customerNumber === "13039319955");
    const accounts = await createAccountsRepository(app.bank.db).listByCustomer(ingrid?.id ?? "");
    expect(accounts.length).toBe(2);
    const row = /<tr><td data-label="Customer">Ingrid Marie Haugen<\/td>.*?<\/tr>/s.exec(page)?.[0] ?? "";
    for (const account of accounts) {
      expect(row).toContain(`<li>${account.name} (${account.currency}): <code>${account.bban}</code>, <code>${account.iban}</code></li>`);
    }
    expect(row).toContain("<li>1 card account</li>");
    expect(page).not.toMatch(/<script|https?:\/\/(?!localhost|bank\.test)[a-z]/i);
  });

  it("GET /portal/ca.pem serves the bank's CA", async () => {
    const response = await app.inject({ method: "GET", url: "/portal/ca.pem" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/x-pem-file");
    expect(response.body).toBe(app.bank.pki.ca.certificatePem);
    expect(readCertificateInfo(response.body).isCa).toBe(true);
  });
});

// Each certificate makes an RSA key: one client address gets BANK_PORTAL_CERTIFICATES_PER_MINUTE a minute.
describe("the developer portal's limit per client address", () => {
  let app: FastifyInstance;
  const valid = { organisationName: "Fjordpay AS", organisationId: "PSDNO-FSA-777009", roles: ["PSP_AI"] };
  const issue = (body: unknown, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/portal/certificates",
      payload: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      remoteAddress,
    });
  const submitForm = (remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/portal/certificates",
      payload: new URLSearchParams({ organisationName: "Fjordpay AS", organisationId: "PSDNO-FSA-777009", roles: "PSP_AI" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress,
    });

  afterEach(() => app.close());

  it("counts the certificates an address is issued, then answers 429 with Retry-After: tppMessages for JSON, a page for the form", async () => {
    app = await buildTestBank("pglite", { BANK_PORTAL_CERTIFICATES_PER_MINUTE: "2" });
    // A request refused for its content makes no key and is not counted.
    for (let i = 0; i < 3; i += 1) expect((await issue({ ...valid, roles: [] }, "203.0.113.7")).statusCode).toBe(400);
    const first = await issue(valid, "203.0.113.7");
    expect(first.statusCode).toBe(201);
    expect(first.headers["x-ratelimit-limit"]).toBe("2");
    expect(first.headers["x-ratelimit-remaining"]).toBe("1");
    expect((await submitForm("203.0.113.7")).statusCode).toBe(201);

    const refused = await issue(valid, "203.0.113.7");
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers["retry-after"]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      tppMessages: [
        {
          category: "ERROR",
          code: "ACCESS_EXCEEDED",
          text: `The portal issues at most 2 certificates a minute to one client address; try again in ${seconds} s (Retry-After)`,
        },
      ],
    });

    const page = await submitForm("203.0.113.7");
    expect(page.statusCode).toBe(429);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(Number(page.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(page.body).toContain("<title>Too many certificates in a minute · Fjordbanken</title>");
    expect(page.body).toContain('<link rel="stylesheet" href="/assets/bank.css">');
    expect(page.body).toContain(
      '<div class="alert error" role="alert"><strong>No certificate was issued.</strong> Your address has been issued 2 certificates within a minute.</div>',
    );
    expect(page.body).toMatch(/Try again in [1-9][0-9]* seconds?\./);
    expect(page.body).toContain('<a class="button primary" href="/portal#issue-title">Back to the portal</a>');

    // Another address has its own count; the portal's other pages are not counted.
    expect((await issue(valid, "198.51.100.20")).statusCode).toBe(201);
    expect((await app.inject({ method: "GET", url: "/portal", remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/portal/ca.pem", remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
  });

  it("counts nothing when the setting is 0", async () => {
    app = await buildTestBank("pglite", { BANK_PORTAL_CERTIFICATES_PER_MINUTE: "0" });
    for (let i = 0; i < 3; i += 1) {
      const response = await issue(valid, "203.0.113.7");
      expect(response.statusCode).toBe(201);
      expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
    }
  });
});

describe("the developer portal page", () => {
  it("tells of the domestic payment's 404 before approval only while the bank reproduces it", () => {
    const render = (domesticDetailsKnownIssue: boolean) =>
      renderPortalPage({ bankName: "Fjordbanken", publicUrl: "http://localhost:4000", domesticDetailsKnownIssue, customers: [] });
    expect(render(true)).toContain("only once it is approved: before, it is 404 <code>RESOURCE_UNKNOWN</code>");
    expect(render(false)).not.toContain("RESOURCE_UNKNOWN");
  });
});
