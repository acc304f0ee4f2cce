import type { FastifyInstance } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../psd2/errors/error-codes";
import { errorResponseSchema } from "../../../psd2/schemas";
import { appendLuhnCheckDigit } from "../../../psd2/validation";
import * as schema from "../../db/schema";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { allowedMethods } from "../../plugins/allowed-methods";
import { initialIds } from "../../services/sandbox/build-sandbox-dataset";
import { createRandom } from "../../services/sandbox/prng";
import { CUSTOMERS, type ConsentResult, giveConsent, REDIRECT_URI } from "../../testing/ais-scenarios";
import { type BaseRequest, defectKinds, type FuzzRequest, makeMalformedRequest, type Method } from "../../testing/malformed-requests";
import { snapshotDatabase } from "../../testing/snapshot-database";
import {
  amountSequence,
  buildPaymentTestBank,
  createPayment,
  domesticBody,
  EXTERNAL_BBAN,
  loadTestAccounts,
  paymentHeaders,
} from "../../testing/payment-scenarios";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

/** Requests per database; a few thousand on PGlite, fewer on PostgreSQL (the same code paths). */
const REQUESTS = { pglite: 5000, postgres: 3000 } as const;
const SEED = "bank-fuzz-1";
const SESSION = "fuzz-session";
const DOMESTIC = "norwegian-domestic-credit-transfers";

const CODES = new Set(Object.keys(ERROR_CODES));

/** A route's path with its parameters filled in from `ids`. */
function segmentsOf(url: string, ids: Record<string, string>): BaseRequest["segments"] {
  return url
    .slice(1)
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return { value: part };
      const param = part.slice(1);
      const value = ids[param];
      if (value === undefined) throw new Error(`no id for :${param} of ${url}`);
      return { value, param };
    });
}

// docs/interface/conventions.md#wire-conventions (the downstream rule), docs/interface/errors.md#statuses-by-code (every error a tppMessages body, text at most 512
// characters; 405 with Allow), docs/interface/request-signing.md#request-signing (signatures); docs/interface/header-parameters.md#headers-by-operation, docs/interface/limits.md#limits-in-the-spec.
describe.each(testDatabaseKinds())("thousands of malformed requests to every operation on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let ingrid: ConsentResult;
  let sindre: ConsentResult;
  const bases: BaseRequest[] = [];
  const covered = new Set<string>();
  let before: Record<string, string>;

  beforeAll(async () => {
    // Without the domestic known issue, reads of an unapproved payment go all the way.
    app = await buildPaymentTestBank(kind, { BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: "false" });
    await app.ready();
    tpp = createSignedTestClient(app);
    const accounts = await loadTestAccounts(app);
    ingrid = await giveConsent(app, tpp, { tppSessionId: SESSION, customerNumber: CUSTOMERS.ingrid, resources: "all" });
    sindre = await giveConsent(app, tpp, {
      tppSessionId: "fuzz-corporate",
      customerNumber: CUSTOMERS.sindre,
      context: "CORPORATE",
      resources: "all",
    });
    const amount = amountSequence(70_000);
    const ingridPayment = (changes: Record<string, unknown> = {}) =>
      domesticBody(accounts.ingridMain.bban, { instructedAmount: { currency: "NOK", amount: amount() }, ...changes });
    const payHeaders = paymentHeaders(ingrid.psuId, SESSION);
    const sindreHeaders = paymentHeaders(sindre.psuId, "fuzz-corporate", { "PSU-Corporate-ID": sindre.psuCorporateId });

    // The resources the operations address.
    const single = await createPayment(tpp, `/v1/payments/${DOMESTIC}`, ingridPayment(), payHeaders);
    const authorised = await createPayment(tpp, `/v1/payments/${DOMESTIC}`, ingridPayment(), payHeaders);
    const started = await tpp.post(authorised.links.startAuthorisation ?? "", undefined, {
      "TPP-Session-ID": SESSION,
      "TPP-Redirect-URI": REDIRECT_URI,
    });
    const paymentAuthorisationId = started.json<{ authorisationId: string }>().authorisationId;
    const periodicBody = () => ({
      ...ingridPayment(),
      startDate: "2026-01-20",
      frequency: "Monthly",
      executionRule: "following",
      dayOfExecution: "20",
    });
    const periodic = await createPayment(tpp, `/v1/periodic-payments/${DOMESTIC}`, periodicBody(), payHeaders);
    const bulkBody = () => ({
      batchBookingPreferred: true,
      debtorAccount: { bban: accounts.sindreMain.bban, currency: "NOK" },
      requestedExecutionDate: "2026-01-12",
      payments: [
        {
          instructedAmount: { currency: "NOK", amount: amount() },
          creditorName: "Kari Nordmann",
          creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
          creditorAddress: { country: "NO", city: "Oslo" },
        },
      ],
    });
    const bulk = await createPayment(tpp, `/v1/bulk-payments/${DOMESTIC}`, bulkBody(), sindreHeaders);
    const startOf = async (href: string | undefined, session: string) =>
      (await tpp.post(href ?? "", undefined, { "TPP-Session-ID": session, "TPP-Redirect-URI": REDIRECT_URI })).json<{
        authorisationId: string;
      }>().authorisationId;
    const authorisationIds: Record<string, string> = {
      payments: paymentAuthorisationId,
      "periodic-payments": await startOf(periodic.links.startAuthorisation, SESSION),
      "bulk-payments": await startOf(bulk.links.startAuthorisation, "fuzz-corporate"),
    };
    const inBasket = await createPayment(tpp, `/v1/payments/${DOMESTIC}`, ingridPayment(), payHeaders);
    const basket = await tpp.post("/v1/signing-baskets", { paymentIds: [inBasket.paymentId] }, payHeaders);
    const basketId = basket.json<{ basketId: string }>().basketId;
    const basketStarted = await tpp.post(`/v1/signing-baskets/${basketId}/authorisations`, undefined, {
      "TPP-Session-ID": SESSION,
      "TPP-Redirect-URI": REDIRECT_URI,
    });
    const basketAuthorisationId = basketStarted.json<{ authorisationId: string }>().authorisationId;
    const unstarted = await createPayment(tpp, `/v1/payments/${DOMESTIC}`, ingridPayment(), payHeaders);
    const unstartedBasket = (await tpp.post("/v1/signing-baskets", { paymentIds: [unstarted.paymentId] }, payHeaders)).json<{
      basketId: string;
    }>().basketId;
    await tpp.put("/v1/tpps/PSDNO-FSA-123456/contact-information", { email: "operations@tpp.example" });
    const spare = [
      await createPayment(tpp, `/v1/payments/${DOMESTIC}`, ingridPayment(), payHeaders),
      await createPayment(tpp, `/v1/payments/${DOMESTIC}`, ingridPayment(), payHeaders),
    ];
    const [transaction] = await app.bank.db
      .select({ id: schema.transactions.id })
      .from(schema.transactions)
      .where(and(eq(schema.transactions.accountId, accounts.ingridMain.id), eq(schema.transactions.status, "booked")))
      .orderBy(asc(schema.transactions.seq))
      .limit(1);
    if (!transaction) throw new Error("no booked transaction");

    const paymentIds: Record<string, string> = {
      payments: single.paymentId,
      "periodic-payments": periodic.paymentId,
      "bulk-payments": bulk.paymentId,
    };
    const idsFor = (url: string, method: string): Record<string, string> => {
      const service = url.split("/")[2] ?? "";
      return {
        accountId: accounts.ingridMain.id,
        cardAccountId: initialIds.cardAccount(CUSTOMERS.ingrid),
        transactionId: transaction.id,
        paymentProduct: DOMESTIC,
        paymentId:
          url.endsWith("/authorisations/:authorisationId") && service === "payments"
            ? authorised.paymentId
            : (paymentIds[service] ?? single.paymentId),
        authorisationId: url.startsWith("/v1/signing-baskets")
          ? basketAuthorisationId
          : (authorisationIds[service] ?? paymentAuthorisationId),
        basketId: method === "DELETE" ? unstartedBasket : basketId,
        tppId: "PSDNO-FSA-123456",
        customerId: initialIds.customer(CUSTOMERS.ingrid),
        mockAccountId: accounts.ingridMain.id,
        mockCardAccountId: initialIds.cardAccount(CUSTOMERS.ingrid),
      };
    };
    const ais = { "PSU-ID": ingrid.psuId, "PSU-IP-Address": "192.0.2.10", "TPP-Session-ID": SESSION, "TPP-Redirect-URI": REDIRECT_URI };
    const sca = { "TPP-Session-ID": SESSION, "TPP-Redirect-URI": REDIRECT_URI };
    const sandbox = {};
    const bodies: Record<string, unknown> = {
      "POST /v1/payments/:paymentProduct": ingridPayment({
        creditorAddress: { country: "NO", city: "Oslo", postalCode: "0150", buildingNumber: "1", street: "Storgata" },
      }),
      "POST /v1/periodic-payments/:paymentProduct": periodicBody(),
      "POST /v1/bulk-payments/:paymentProduct": bulkBody(),
      "POST /v1/signing-baskets": { paymentIds: spare.map((payment) => payment.paymentId) },
      "PUT /v1/tpps/:tppId/contact-information": { email: "operations@tpp.example" },
      "POST /v1/sandbox/customers": { customerNumber: "01019012345", customerName: "Kari Nordmann", customerType: "PRIVATE" },
      "POST /v1/sandbox/accounts": {
        customerId: initialIds.customer(CUSTOMERS.ingrid),
        name: "Reisekonto",
        product: "Brukskonto",
        ownerName: "Ingrid",
        balance: { currency: "NOK", amount: "1500.00" },
      },
      "POST /v1/sandbox/card-accounts": {
        customerId: initialIds.customer(CUSTOMERS.ingrid),
        name: "Reisekort",
        creditLimit: { currency: "NOK", amount: "20000.00" },
        maskedPan: "552211******1234",
        relatedAccountId: accounts.ingridMain.id,
      },
      "POST /v1/sandbox/agreements": {
        customerId: initialIds.customer(CUSTOMERS.sindre),
        name: "Lie Eiendom AS",
        organisationNumber: "926148338",
        accountIds: [accounts.sindreMain.id],
      },
      "POST /v1/sandbox/accounts/:mockAccountId/transactions": [
        {
          bookingStatus: "booked",
          bookingDate: "2026-01-09",
          valueDate: "2026-01-09",
          transactionAmount: { currency: "NOK", amount: "-349.90" },
          creditorName: "REMA 1000",
          creditorAccount: { bban: "15032080119" },
          remittanceInformationStructured: "1234567890128",
          endToEndId: "E2E-1",
          entryReference: "ref-1",
          proprietaryBankTransactionCode: "Varekjøp",
          additionalInformation: "Oslo",
        },
      ],
      "POST /v1/sandbox/card-accounts/:mockCardAccountId/transactions": [
        {
          bookingStatus: "booked",
          transactionDate: "2026-01-08",
          bookingDate: "2026-01-09",
          transactionAmount: { currency: "NOK", amount: "-580.25" },
          originalAmount: { currency: "EUR", amount: "-49.90" },
          merchantCategoryCode: "5812",
          transactionDetails: "TRATTORIA ROMA",
        },
      ],
      "PUT /v1/sandbox/accounts/:mockAccountId/balances": { balanceAmount: { currency: "NOK", amount: "1000.00" } },
      "PUT /v1/sandbox/card-accounts/:mockCardAccountId/balances": { balanceAmount: { currency: "NOK", amount: "-120.00" } },
      "POST /v1/sandbox/clock": { advance: "PT1H" },
    };
    const headersFor = (method: string, url: string): Record<string, string> => {
      if (url.startsWith("/v1/sandbox")) return sandbox;
      if (url === "/v1/bulk-payments/:paymentProduct") return sindreHeaders as Record<string, string>;
      if (
        method === "POST" &&
        ["/v1/payments/:paymentProduct", "/v1/periodic-payments/:paymentProduct", "/v1/signing-baskets"].includes(url)
      ) {
        return payHeaders as Record<string, string>;
      }
      if (url.endsWith("/authorisations") || url === "/v1/consents" || url === "/v1/users") return sca;
      if (url === "/v1/agreements") return { "TPP-Session-ID": "fuzz-corporate", "TPP-Redirect-URI": REDIRECT_URI, "PSU-ID": sindre.psuId };
      if (url.startsWith("/v1/accounts") || url.startsWith("/v1/card-accounts") || url === "/v1/user") return ais;
      return { "PSU-ID": ingrid.psuId };
    };
    const queries: Record<string, Record<string, string>> = {
      "GET /v1/accounts/:accountId/transactions": { bookingStatus: "both" },
      "GET /v1/card-accounts/:cardAccountId/transactions": { bookingStatus: "both" },
      "GET /v1/sandbox/card-accounts/:mockCardAccountId/transactions": { bookingStatus: "both" },
      "GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information": { amount: "1250.00", currency: "NOK" },
      "GET /v1/accounts": { withBalance: "true" },
    };
    const emptyBodies = new Set(["POST /v1/sandbox/initialize", "POST /v1/sandbox/batch-runs"]);

    const card = await createCardAccountsRepository(app.bank.db).findById(initialIds.cardAccount(CUSTOMERS.ingrid));
    if (!card?.relatedAccountId) throw new Error("Ingrid's card account has no related account");
    // More bodies of an operation: every product, and the optional fields the first leaves out.
    const variants: Record<string, { paymentProduct: string; body: unknown }[]> = {
      "POST /v1/payments/:paymentProduct": [
        {
          paymentProduct: DOMESTIC,
          body: ingridPayment({
            remittanceInformationUnstructured: undefined,
            remittanceInformationStructuredArray: [
              { reference: appendLuhnCheckDigit("100200300"), referenceType: "KID", referenceIssuer: "Nets" },
            ],
            ultimateDebtor: "Ingrid Marie Haugen",
            endToEndIdentification: "E2E-FUZZ-DOMESTIC",
            purposeCode: "OTHR",
            requestedExecutionDate: "2026-01-20",
          }),
        },
        { paymentProduct: "instant-norwegian-credit-transfers-straks", body: ingridPayment() },
        {
          paymentProduct: DOMESTIC,
          body: ingridPayment({
            debtorAccount: {
              currency: "NOK",
              other: { identification: card.relatedAccountId, schemeNameProprietary: "creditCardAccount" },
            },
          }),
        },
        {
          paymentProduct: "sepa-credit-transfers",
          body: {
            endToEndIdentification: "E2E-FUZZ-1",
            instructedAmount: { currency: "EUR", amount: amount() },
            creditorName: "Hans Schmidt",
            creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
            creditorAddress: { street: "Hauptstraße", buildingNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" },
            debtorAccount: { iban: accounts.ingridMain.iban, currency: "NOK" },
            remittanceInformationUnstructured: "Invoice 7",
          },
        },
      ],
    };

    for (const operation of app.bank.v1Operations) {
      const key = `${operation.method} ${operation.url}`;
      const method = operation.method as Method;
      const body = bodies[key];
      const bodyKind: BaseRequest["bodyKind"] =
        key === "POST /v1/consents"
          ? "disregarded"
          : body !== undefined
            ? "json"
            : emptyBodies.has(key) || operation.url.endsWith("/authorisations")
              ? "empty"
              : "none";
      if (method === "POST" || method === "PUT") {
        if (bodyKind === "none") throw new Error(`the fuzz test has no body for ${key}: add one`);
      }
      const base: BaseRequest = {
        method,
        segments: segmentsOf(operation.url, idsFor(operation.url, operation.method)),
        headers: headersFor(operation.method, operation.url),
        bodyKind,
        ...(body === undefined ? {} : { body }),
        ...(queries[key] ? { query: queries[key] } : {}),
      };
      bases.push(base);
      covered.add(key);
      for (const variant of variants[key] ?? []) {
        bases.push({
          ...base,
          segments: segmentsOf(operation.url, { ...idsFor(operation.url, operation.method), paymentProduct: variant.paymentProduct }),
          body: variant.body,
        });
      }
    }
    before = await snapshotDatabase(app.bank.db);
  }, 180_000);
  afterAll(() => app?.close());

  it("covers every operation the bank registers", () => {
    expect(covered.size).toBe(app.bank.v1Operations.length);
    expect(covered.size).toBeGreaterThan(50);
  });

  it(`answers ${REQUESTS[kind]} seeded malformed requests with a 4xx and a tppMessages body, and changes nothing`, async () => {
    const random = createRandom(`${SEED}:${kind}`);
    const kinds = defectKinds((path) => allowedMethods(app.bank.v1Operations, path));
    const list = bases;
    const problems: string[] = [];
    const tally: Record<string, number> = {};
    const started = performance.now();
    for (let i = 0; i < REQUESTS[kind]; i++) {
      const base = list[i % list.length] as BaseRequest;
      const request: FuzzRequest = makeMalformedRequest(random, base, tpp.signer, kinds);
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.body ? { payload: request.body } : {}),
      });
      const label = `#${i} ${request.method} ${request.url.slice(0, 120)} (${request.kind})`;
      tally[String(response.statusCode)] = (tally[String(response.statusCode)] ?? 0) + 1;
      if (response.statusCode >= 500) {
        problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        continue;
      }
      if (response.statusCode < 400) {
        // A read may ignore what it does not use (and the snapshot shows it changed nothing).
        if (request.method !== "GET") problems.push(`${label}: accepted with ${response.statusCode}`);
        continue;
      }
      if (request.expect?.status !== undefined && response.statusCode !== request.expect.status) {
        problems.push(`${label}: ${response.statusCode}, not ${request.expect.status}`);
      }
      if (response.statusCode === 405) {
        const allow = String(response.headers.allow ?? "");
        if (allow === "" || allow.split(", ").includes(request.method)) problems.push(`${label}: 405 with Allow '${allow}'`);
        if (request.expect?.allowHeader && !allow.split(", ").includes(base.method))
          problems.push(`${label}: 405 whose Allow '${allow}' lacks ${base.method}`);
      }
      const parsed = errorResponseSchema.safeParse(
        (() => {
          try {
            return JSON.parse(response.body) as unknown;
          } catch {
            return undefined;
          }
        })(),
      );
      if (!parsed.success) {
        problems.push(`${label}: ${response.statusCode} without a tppMessages body: ${response.body.slice(0, 200)}`);
        continue;
      }
      for (const message of parsed.data.tppMessages) {
        if (!CODES.has(message.code)) problems.push(`${label}: code ${message.code} is not one of the interface's`);
      }
    }
    const elapsed = Math.round(performance.now() - started);
    console.info(`fuzz on ${kind}: ${REQUESTS[kind]} requests in ${elapsed} ms; statuses ${JSON.stringify(tally)}`);
    expect(problems.slice(0, 40)).toEqual([]);
    expect(await snapshotDatabase(app.bank.db)).toEqual(before);
  }, 240_000);

  it("was one defect away from valid requests: every base request is accepted as it is", async () => {
    // Reads first, then what changes things, the reset last.
    const rank = (base: BaseRequest) =>
      base.method === "GET" ? 0 : base.method === "DELETE" ? 2 : base.segments.some((s) => s.value === "initialize") ? 3 : 1;
    const refused: string[] = [];
    for (const base of [...bases].sort((a, b) => rank(a) - rank(b))) {
      const path = `/${base.segments.map((segment) => encodeURIComponent(segment.value)).join("/")}`;
      const query = new URLSearchParams(base.query ?? {}).toString();
      const response = await tpp.request({
        method: base.method as "GET" | "POST" | "PUT" | "DELETE",
        url: query === "" ? path : `${path}?${query}`,
        headers: base.headers,
        ...(base.bodyKind === "json" ? { body: base.body } : {}),
      });
      if (response.statusCode >= 300) refused.push(`${base.method} ${path}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    expect(refused).toEqual([]);
  });
});
