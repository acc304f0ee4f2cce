import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../../psd2/schemas";
import { buildBank } from "../../app";
import { loadBankConfig } from "../../config";
import { openBankDatabase } from "../../db/open-bank-database";
import { allowedMethods } from "../../plugins/allowed-methods";
import { initialIds } from "../../services/sandbox/build-sandbox-dataset";
import { CUSTOMERS, type ConsentResult, giveConsent, REDIRECT_URI } from "../../testing/ais-scenarios";
import { TEST_NOW } from "../../testing/build-test-bank";
import { registerReplyCheck } from "../../testing/reply-check";
import { snapshotDatabase } from "../../testing/snapshot-database";
import {
  amountSequence,
  buildPaymentTestBank,
  createPayment,
  domesticBody,
  EXTERNAL_BBAN,
  loadTestAccounts,
  paymentHeaders,
  sepaBody,
} from "../../testing/payment-scenarios";
import { readSharedFile } from "../../testing/shared-test-pki";
import { createSignedTestClient, type SignedTestClient, sharedTppCredentials } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

const SESSION = "hardening";
const DOMESTIC = "/v1/payments/norwegian-domestic-credit-transfers";

type Sent = {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";
  url: string;
  headers?: Record<string, string>;
  body?: string;
};

/** Signs a request as the TPP does, then lets `tamper` change its headers (the signature's own included). */
function sendSigned(
  app: FastifyInstance,
  client: SignedTestClient,
  request: Sent,
  tamper?: (headers: Record<string, string>) => void,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
    ...request.headers,
  };
  const signed = client.signer.sign(
    { method: request.method, path: request.url, headers, body: request.body ?? "" },
    { date: new Date(), requestId: randomUUID() },
  );
  const all = { ...headers, ...signed.headers };
  tamper?.(all);
  return app.inject({
    method: request.method,
    url: request.url,
    headers: all,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

/** The reply is an error with the interface's body, its first message as given, every text at most 512 characters. */
function expectError(response: LightMyRequestResponse, expected: { status: number; code: string; path?: string; text?: RegExp }) {
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = errorResponseSchema.parse(response.json());
  expect(body.tppMessages[0]).toMatchObject({
    category: "ERROR",
    code: expected.code,
    ...(expected.path === undefined ? {} : { path: expected.path }),
  });
  if (expected.text) expect(body.tppMessages[0]?.text).toMatch(expected.text);
  for (const message of body.tppMessages) expect(message.text?.length ?? 0).toBeLessThanOrEqual(512);
  return body;
}

describe.each(testDatabaseKinds())("what no input may do, on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let ingrid: ConsentResult;
  let accounts: Awaited<ReturnType<typeof loadTestAccounts>>;
  const nextAmount = amountSequence(90_000);
  const payment = (changes: Record<string, unknown> = {}) =>
    domesticBody(accounts.ingridMain.bban, { instructedAmount: { currency: "NOK", amount: nextAmount() }, ...changes });
  const headers = (extra: Record<string, string | undefined> = {}) =>
    paymentHeaders(ingrid.psuId, SESSION, extra) as Record<string, string>;

  beforeAll(async () => {
    app = await buildPaymentTestBank(kind);
    await app.ready();
    tpp = createSignedTestClient(app);
    accounts = await loadTestAccounts(app);
    ingrid = await giveConsent(app, tpp, { tppSessionId: SESSION, customerNumber: CUSTOMERS.ingrid, resources: "all" });
  }, 120_000);
  afterAll(() => app?.close());

  // Point 1: nothing reaches the database that it cannot hold. docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code.
  describe("no input reaches a 500", () => {
    it("a NUL in any JSON string is 400 FORMAT_ERROR naming the field, for payments of every service and product, baskets and the sandbox operations; nothing is stored", async () => {
      const customer = initialIds.customer(CUSTOMERS.ingrid);
      const cases: [string, string, unknown, Record<string, string>, string][] = [
        ["POST", DOMESTIC, payment({ creditorName: "Kari\u0000Nordmann" }), headers(), "creditorName"],
        [
          "POST",
          "/v1/payments/instant-norwegian-credit-transfers-straks",
          payment({ creditorAddress: { country: "NO", city: "Os\u0000lo" } }),
          headers(),
          "creditorAddress.city",
        ],
        [
          "POST",
          "/v1/payments/sepa-credit-transfers",
          sepaBody(accounts.ingridMain.iban, { remittanceInformationUnstructured: "a\u0000b" }),
          headers(),
          "remittanceInformationUnstructured",
        ],
        [
          "POST",
          "/v1/periodic-payments/norwegian-domestic-credit-transfers",
          { ...payment(), startDate: "2026-01-20", frequency: "Monthly", dayOfExecution: "2\u0000" },
          headers(),
          "dayOfExecution",
        ],
        [
          "POST",
          "/v1/bulk-payments/sepa-credit-transfers",
          {
            debtorAccount: { iban: accounts.ingridMain.iban, currency: "NOK" },
            payments: [
              {
                instructedAmount: { currency: "EUR", amount: "1.00" },
                creditorName: "a\u0000b",
                creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
              },
            ],
          },
          headers(),
          "payments[0].creditorName",
        ],
        ["POST", "/v1/signing-baskets", { paymentIds: ["a\u0000b"] }, headers(), "paymentIds[0]"],
        [
          "POST",
          "/v1/sandbox/customers",
          { customerNumber: "01019012345", customerName: "a\u0000b", customerType: "PRIVATE" },
          {},
          "customerName",
        ],
        ["POST", "/v1/sandbox/accounts", { customerId: customer, name: "Reise\u0000konto" }, {}, "name"],
        [
          "POST",
          "/v1/sandbox/card-accounts",
          { customerId: customer, name: "a\u0000b", creditLimit: { currency: "NOK", amount: "1.00" } },
          {},
          "name",
        ],
        [
          "POST",
          "/v1/sandbox/agreements",
          { customerId: customer, name: "a\u0000b", organisationNumber: "926148338", accountIds: [accounts.ingridMain.id] },
          {},
          "name",
        ],
        [
          "POST",
          `/v1/sandbox/accounts/${accounts.ingridMain.id}/transactions`,
          [{ transactionAmount: { currency: "NOK", amount: "-1.00" }, creditorName: "a\u0000b" }],
          {},
          "[0].creditorName",
        ],
        [
          "POST",
          `/v1/sandbox/card-accounts/${initialIds.cardAccount(CUSTOMERS.ingrid)}/transactions`,
          [{ transactionAmount: { currency: "NOK", amount: "-1.00" }, merchantCategoryCode: "5812", transactionDetails: "a\u0000b" }],
          {},
          "[0].transactionDetails",
        ],
        [
          "PUT",
          `/v1/sandbox/accounts/${accounts.ingridMain.id}/balances`,
          { balanceAmount: { currency: "NOK", amount: "1.00\u0000" } },
          {},
          "balanceAmount.amount",
        ],
        ["POST", "/v1/sandbox/clock", { advance: "PT1H\u0000" }, {}, "advance"],
        ["PUT", "/v1/tpps/PSDNO-FSA-123456/contact-information", { email: "ops\u0000@tpp.example" }, {}, "email"],
      ];
      const before = await snapshotDatabase(app.bank.db);
      for (const [method, url, body, extra, path] of cases) {
        const response = await sendSigned(app, tpp, { method: method as "POST" | "PUT", url, headers: extra, body: JSON.stringify(body) });
        const reply = expectError(response, { status: 400, code: "FORMAT_ERROR" });
        expect(reply.tppMessages.find((message) => message.path === path)?.text, `${url} ${path}: ${response.body}`).toMatch(
          /U\+0000 \(NUL\)/,
        );
      }
      expect(await snapshotDatabase(app.bank.db)).toEqual(before);
    });

    it("an id that cannot exist (%00, a NUL inside, over 100 characters, not URL-safe) is 404 RESOURCE_UNKNOWN on every id-addressed operation", async () => {
      const operations = app.bank.v1Operations.filter((operation) => operation.url.includes("/:"));
      expect(operations.length).toBeGreaterThan(30);
      const before = await snapshotDatabase(app.bank.db);
      for (const operation of operations) {
        const params = operation.url.split("/").filter((segment) => segment.startsWith(":"));
        for (const param of params) {
          for (const impossible of ["%00", "a%00b", "x".repeat(101), "a%20b", "%C3%B8"]) {
            const url = operation.url
              .split("/")
              .map((segment) =>
                segment === param
                  ? impossible
                  : segment.startsWith(":")
                    ? segment === ":paymentProduct"
                      ? "sepa-credit-transfers"
                      : "AAAAAAAAAAAAAAAAAAAAAA"
                    : segment,
              )
              .join("/");
            const response = await sendSigned(app, tpp, {
              method: operation.method as Sent["method"],
              url,
              headers: headers(),
              ...(operation.method === "POST" || operation.method === "PUT" ? { body: "{}" } : {}),
            });
            const name = param.slice(1);
            expectError(response, { status: 404, code: name === "paymentProduct" ? "PRODUCT_UNKNOWN" : "RESOURCE_UNKNOWN", path: name });
          }
        }
      }
      expect(await snapshotDatabase(app.bank.db)).toEqual(before);
    });

    it("a year-0000 date is 400 FORMAT_ERROR: sandbox transactions, listings, payments", async () => {
      const card = initialIds.cardAccount(CUSTOMERS.ingrid);
      const before = await snapshotDatabase(app.bank.db);
      expectError(
        await tpp.post(`/v1/sandbox/accounts/${accounts.ingridMain.id}/transactions`, [
          { transactionAmount: { currency: "NOK", amount: "-1.00" }, bookingDate: "0000-01-01" },
        ]),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "[0].bookingDate",
          text: /the years begin with 0001/,
        },
      );
      expectError(
        await tpp.post(`/v1/sandbox/card-accounts/${card}/transactions`, [
          { transactionAmount: { currency: "NOK", amount: "-1.00" }, merchantCategoryCode: "5812", transactionDate: "0000-12-31" },
        ]),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "[0].transactionDate",
        },
      );
      expectError(await tpp.get(`/v1/sandbox/card-accounts/${card}/transactions?bookingStatus=both&fromDate=0000-01-01`), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "fromDate",
      });
      expectError(
        await tpp.get(`/v1/accounts/${accounts.ingridMain.id}/transactions?bookingStatus=both&dateFrom=0000-01-01`, {
          "PSU-ID": ingrid.psuId,
        }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "dateFrom",
        },
      );
      expectError(await tpp.post(DOMESTIC, payment({ requestedExecutionDate: "0000-02-29" }), headers()), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "requestedExecutionDate",
      });
      expect(await snapshotDatabase(app.bank.db)).toEqual(before);
    });

    it("sandbox transactions that would take a booked balance beyond 18 digits are 400 FORMAT_ERROR, nothing stored (the database's numeric would overflow)", async () => {
      const big = "9999999999999999.99";
      const card = initialIds.cardAccount(CUSTOMERS.per);
      const account = initialIds.account(CUSTOMERS.per, 2);
      expect(
        (await tpp.put(`/v1/sandbox/accounts/${account}/balances`, { balanceAmount: { currency: "NOK", amount: big } })).statusCode,
      ).toBe(200);
      expect(
        (await tpp.put(`/v1/sandbox/card-accounts/${card}/balances`, { balanceAmount: { currency: "NOK", amount: big } })).statusCode,
      ).toBe(200);
      const before = await snapshotDatabase(app.bank.db);
      const many = (item: Record<string, unknown>) =>
        Array.from({ length: 1000 }, () => ({ ...item, transactionAmount: { currency: "NOK", amount: big } }));
      expectError(await tpp.post(`/v1/sandbox/accounts/${account}/transactions`, many({})), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "[0].transactionAmount.amount",
        text: /more than the 18 digits/,
      });
      expectError(await tpp.post(`/v1/sandbox/card-accounts/${card}/transactions`, many({ merchantCategoryCode: "5812" })), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "[0].transactionAmount.amount",
      });
      expect(await snapshotDatabase(app.bank.db)).toEqual(before);
      // Debits bring it back within: accepted.
      expect(
        (await tpp.post(`/v1/sandbox/accounts/${account}/transactions`, [{ transactionAmount: { currency: "NOK", amount: `-${big}` } }]))
          .statusCode,
      ).toBe(201);
    });

    it("a NUL or an emoji in a query parameter's name or value is 400 FORMAT_ERROR naming it", async () => {
      expectError(await tpp.get("/v1/sandbox/customers?note=a%00b"), { status: 400, code: "FORMAT_ERROR", path: "note", text: /U\+0000/ });
      expectError(await tpp.get("/v1/sandbox/clock?a%00=1"), { status: 400, code: "FORMAT_ERROR", text: /name of a query parameter/ });
      expectError(
        await tpp.get(`/v1/accounts/${accounts.ingridMain.id}/transactions?bookingStatus=both&x=%F0%9F%98%80`, { "PSU-ID": ingrid.psuId }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "x",
          text: /outside the Basic Multilingual Plane/,
        },
      );
    });
  });

  // Point 2: the router's refusals in the interface's body; texts cut. docs/interface/errors.md#statuses-by-code.
  describe("every 4xx has the tppMessages body", () => {
    it("a path that is not valid percent-encoding is 400 BAD_REQUEST, signed, with the X-Request-ID echoed", async () => {
      const response = await sendSigned(app, tpp, { method: "GET", url: "/v1/sandbox/customers/%zz" });
      expectError(response, { status: 400, code: "BAD_REQUEST", text: /not valid percent-encoding/ });
      expect(response.body).not.toContain("FST_ERR");
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers["aspsp-signature-certificate"]).toEqual(expect.any(String));
    });

    it("a body over 1 MB is 413 and a body that is not JSON 415, BAD_REQUEST, on every operation a body can be sent to, as /openapi.json says", async () => {
      const operations = app.bank.v1Operations.filter((operation) => ["POST", "PUT", "DELETE"].includes(operation.method));
      expect(operations.length).toBeGreaterThan(15);
      const body = JSON.stringify({ padding: "x".repeat(1024 * 1024) });
      for (const operation of operations) {
        const url = operation.url.replace(/:paymentProduct/, "sepa-credit-transfers").replace(/:[A-Za-z]+/g, "AAAAAAAAAAAAAAAAAAAAAA");
        const response = await sendSigned(app, tpp, { method: operation.method as Sent["method"], url, headers: headers(), body });
        expectError(response, { status: 413, code: "BAD_REQUEST", text: /too large/ });
        const text = await sendSigned(app, tpp, {
          method: operation.method as Sent["method"],
          url,
          headers: { ...headers(), "Content-Type": "text/plain" },
          body: "{}",
        });
        expectError(text, { status: 415, code: "BAD_REQUEST", path: "Content-Type" });
      }
    });

    it("an id of 2,000 characters is 404 RESOURCE_UNKNOWN, not the router's 414", async () => {
      expectError(await tpp.get(`/v1/sandbox/customers/${"a".repeat(2000)}`), {
        status: 404,
        code: "RESOURCE_UNKNOWN",
        path: "customerId",
      });
    });

    it("echoed Digest, keyId, x-accept-fix and header values are cut: every text is at most 512 characters", async () => {
      const long = "Q".repeat(8000);
      const checks: [Sent, ((h: Record<string, string>) => void) | undefined][] = [
        [{ method: "GET", url: "/v1/sandbox/clock" }, (h) => void (h.Digest = `SHA-256=${long}`)],
        [
          { method: "GET", url: "/v1/sandbox/clock" },
          (h) => void (h.Signature = (h.Signature ?? "").replace(/keyId="[^"]*"/, `keyId="SN=${long},CA=CN=${long}"`)),
        ],
        [
          {
            method: "POST",
            url: DOMESTIC,
            headers: headers({ "x-accept-fix": Array.from({ length: 800 }, (_, i) => `fix-${i}`).join(",") }),
            body: JSON.stringify(payment()),
          },
          undefined,
        ],
        [{ method: "GET", url: "/v1/sandbox/clock", headers: { "PSU-Context": long } }, undefined],
        [{ method: "GET", url: "/v1/sandbox/clock" }, (h) => void (h["X-Request-ID"] = long)],
      ];
      for (const [request, tamper] of checks) {
        const response = await sendSigned(app, tpp, request, tamper);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
        const body = errorResponseSchema.parse(response.json());
        for (const message of body.tppMessages) {
          expect(message.text?.length ?? 0).toBeLessThanOrEqual(512);
          expect(message.text).not.toContain("Q".repeat(200));
        }
      }
    });
  });

  // Point 3: 405 with Allow. docs/interface/errors.md#statuses-by-code; RFC 9110 §15.5.6.
  describe("a wrong method on an existing resource", () => {
    it("is 405 with an Allow header naming the resource's methods, on every operation's path", async () => {
      for (const operation of app.bank.v1Operations) {
        const path = operation.url.replace(/:paymentProduct/g, "sepa-credit-transfers").replace(/:[A-Za-z]+/g, "AAAAAAAAAAAAAAAAAAAAAA");
        const served = allowedMethods(app.bank.v1Operations, path);
        const method = (["PATCH", "PUT", "POST", "DELETE", "GET"] as const).find((candidate) => !served.includes(candidate));
        if (!method) continue;
        const response = await sendSigned(app, tpp, {
          method,
          url: path,
          ...(["POST", "PUT", "PATCH"].includes(method) ? { body: "{}" } : {}),
        });
        expectError(response, { status: 405, code: "BAD_REQUEST", text: new RegExp(`^The method ${method} is not allowed on `) });
        const allow = String(response.headers.allow).split(", ");
        expect(allow, `${method} ${path}`).toContain(operation.method);
        expect(allow).not.toContain(method);
      }
    });

    it("OPTIONS is 405 with Allow too; an unknown path stays 404 NOT_FOUND", async () => {
      const options = await sendSigned(app, tpp, { method: "OPTIONS", url: "/v1/sandbox/customers" });
      expectError(options, { status: 405, code: "BAD_REQUEST" });
      expect(options.headers.allow).toBe("GET, HEAD, POST");
      expectError(await tpp.get("/v1/no-such-thing"), { status: 404, code: "NOT_FOUND" });
    });

    it("the 405 of a payment that cannot be deleted carries Allow", async () => {
      const created = await createPayment(tpp, DOMESTIC, payment(), headers());
      expect((await tpp.request({ method: "DELETE", url: created.links.self ?? "" })).statusCode).toBe(204);
      const again = await tpp.request({ method: "DELETE", url: created.links.self ?? "" });
      expectError(again, { status: 405, code: "CONFLICT" });
      expect(again.headers.allow).toBe("GET, HEAD");
    });
  });

  // Point 4: every header checked where it is sent. docs/interface/header-parameters.md#headers-by-operation.
  describe("every header is checked where it is sent", () => {
    const wrong: [string, string, RegExp][] = [
      ["PSU-ID", "not-a-uuid", /must be a UUID/],
      ["PSU-Corporate-ID", "12345", /must be a UUID/],
      ["PSU-Context", "private", /must be PRIVATE or CORPORATE/],
      ["PSU-HTTP-Method", "HEAD", /must be one of GET, POST, PUT, PATCH, DELETE/],
      ["PSU-Device-ID", "device-1", /must be a UUID/],
      ["PSU-IP-Address", "999.1.1.1", /IPv4 or IPv6/],
      ["X-PSU-IDENTITY", "123", /11 digits/],
      ["TPP-Redirect-URI", "", /is empty/],
      ["TPP-Redirect-URI", "ftp://tpp.example/cb", /http or https URL/],
      ["TPP-Session-ID", "s".repeat(200), /1 to 128/],
      ["TPP-Redirect-Preferred", "yes", /true or false/],
      ["x-accept-fix", "faster-payments", /unknown value/],
    ];
    const readers = () => [
      { method: "GET" as const, url: "/v1/sandbox/customers" },
      { method: "GET" as const, url: "/v1/sandbox/clock" },
      { method: "GET" as const, url: `/v1/accounts/${accounts.ingridMain.id}`, headers: { "PSU-ID": ingrid.psuId } },
      { method: "GET" as const, url: "/v1/tpps/PSDNO-FSA-123456/contact-information" },
    ];

    it.each(wrong)("%s '%s' is 400 FORMAT_ERROR naming it, on operations that do not use it too", async (name, value, text) => {
      for (const request of readers()) {
        const sentHeaders = { ...request.headers, [name]: value };
        expectError(await sendSigned(app, tpp, { ...request, headers: sentHeaders }), {
          status: 400,
          code: "FORMAT_ERROR",
          path: name,
          text,
        });
      }
    });

    it("the valid values pass where the operation does not use them", async () => {
      const response = await tpp.get("/v1/sandbox/clock", {
        "PSU-ID": ingrid.psuId,
        "PSU-Context": "PRIVATE",
        "PSU-HTTP-Method": "GET",
        "PSU-Device-ID": randomUUID(),
        "TPP-Redirect-URI": REDIRECT_URI,
        "TPP-Redirect-Preferred": "false",
        "x-accept-fix": "amount-as-string",
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it("boolean query parameters are true or false wherever they are sent", async () => {
      expectError(await tpp.get(`/v1/accounts/${accounts.ingridMain.id}?withBalance=yes`, { "PSU-ID": ingrid.psuId }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "withBalance",
      });
      expectError(await tpp.get("/v1/sandbox/customers?allowLogicalDuplicate=1"), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "allowLogicalDuplicate",
      });
      expectError(await tpp.get("/v1/sandbox/customers?withBalance=true&withBalance=false"), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "withBalance",
        text: /given once/,
      });
      expect((await tpp.get(`/v1/accounts/${accounts.ingridMain.id}?withBalance=false`, { "PSU-ID": ingrid.psuId })).statusCode).toBe(200);
    });

    it("strictly, TPP-Signature-Certificate is one line of Base64 DER: PEM armour, spaces, a second certificate and trailing bytes are CERTIFICATE_INVALID", async () => {
      const tampers: ((h: Record<string, string>) => void)[] = [
        (h) =>
          void (h["TPP-Signature-Certificate"] =
            `-----BEGIN CERTIFICATE-----${h["TPP-Signature-Certificate"] ?? ""}-----END CERTIFICATE-----`),
        (h) =>
          void (h["TPP-Signature-Certificate"] =
            `${(h["TPP-Signature-Certificate"] ?? "").slice(0, 64)} ${(h["TPP-Signature-Certificate"] ?? "").slice(64)}`),
        (h) => {
          const der = Buffer.from(h["TPP-Signature-Certificate"] ?? "", "base64");
          h["TPP-Signature-Certificate"] = Buffer.concat([der, der]).toString("base64");
        },
        (h) => {
          const der = Buffer.from(h["TPP-Signature-Certificate"] ?? "", "base64");
          h["TPP-Signature-Certificate"] = Buffer.concat([der, Buffer.from([1, 2, 3])]).toString("base64");
        },
      ];
      for (const tamper of tampers) {
        expectError(await sendSigned(app, tpp, { method: "GET", url: "/v1/sandbox/clock" }, tamper), {
          status: 400,
          code: "CERTIFICATE_INVALID",
          path: "TPP-Signature-Certificate",
          text: /one line of Base64/,
        });
      }
    });

    it("free texts the spec leaves unbounded have a limit: a creditorAddress city of 100,000 characters is 400 FORMAT_ERROR, nothing stored", async () => {
      const before = await snapshotDatabase(app.bank.db);
      const address = { country: "NO", city: "c".repeat(100_000), postalCode: "p".repeat(17), buildingNumber: "b".repeat(17) };
      const reply = expectError(await tpp.post(DOMESTIC, payment({ creditorAddress: address }), headers()), {
        status: 400,
        code: "FORMAT_ERROR",
      });
      expect(reply.tppMessages.map((message) => message.path).sort()).toEqual([
        "creditorAddress.buildingNumber",
        "creditorAddress.city",
        "creditorAddress.postalCode",
      ]);
      const bulk = {
        debtorAccount: { bban: accounts.ingridMain.bban, currency: "NOK" },
        payments: [
          {
            instructedAmount: { currency: "NOK", amount: "1.00" },
            creditorName: "Kari",
            creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
            creditorAddress: address,
          },
        ],
      };
      const bulkReply = expectError(await tpp.post("/v1/bulk-payments/norwegian-domestic-credit-transfers", bulk, headers()), {
        status: 400,
        code: "FORMAT_ERROR",
      });
      expect(bulkReply.tppMessages.map((message) => message.path)).toContain("payments[0].creditorAddress.city");
      expect(await snapshotDatabase(app.bank.db)).toEqual(before);
    });
  });
});

describe("a lenient bank takes the certificate's other spellings (BANK_SIGNATURE_MODE=lenient)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildBank({
      config: loadBankConfig({ BANK_SIGNATURE_MODE: "lenient" }),
      database: await openBankDatabase({ dataDir: "memory" }),
      extraTrustAnchorsPem: readSharedFile("keys/trusted-cas.pem"),
      realNow: () => TEST_NOW,
      instrumentV1: registerReplyCheck,
    });
  }, 60_000);
  afterAll(() => app?.close());

  it("PEM armour on one line passes", async () => {
    const client = createSignedTestClient(app, sharedTppCredentials());
    const response = await sendSigned(app, client, { method: "GET", url: "/v1/sandbox/clock" }, (h) => {
      h["TPP-Signature-Certificate"] = `-----BEGIN CERTIFICATE-----${h["TPP-Signature-Certificate"] ?? ""}-----END CERTIFICATE-----`;
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
