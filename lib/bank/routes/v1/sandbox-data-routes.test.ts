import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCardTransactionsResponseSchema } from "../../../psd2/schemas/card-transactions";
import { sandboxCustomerSchema } from "../../../psd2/schemas/sandbox-customer";
import { CUSTOMERS, ids } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { issueTestTpp } from "../../testing/issue-test-tpp";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";
import { initialIds } from "../../services/sandbox";
import { expectErrorReply, expectRejected } from "./sandbox-routes.test-support";

// docs/interface/conventions.md#wire-conventions (201: Location, ASPSP-SCA-Approach), docs/interface/errors.md#statuses-by-code (errors), docs/interface/sandbox-operations.md#sandbox-operations (sandbox operations);
// docs/interface/sandbox-operations.md#sandbox-customer, docs/interface/sandbox-operations.md#card-account-transactions-listing.
describe.each(testDatabaseKinds())("the sandbox data routes on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  const ingrid = initialIds.customer(CUSTOMERS.ingrid);
  const ingridMain = ids.account(CUSTOMERS.ingrid, 1);
  const perMain = ids.account(CUSTOMERS.per, 1);
  const ingridCard = ids.cardAccount(CUSTOMERS.ingrid);
  const rejected = (send: () => ReturnType<SignedTestClient["get"]>, expected: Parameters<typeof expectRejected>[2]) =>
    expectRejected(app.bank.db, send, expected);

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
  }, 60_000);
  afterAll(() => app.close());

  describe("the gate", () => {
    it("needs a signed request", async () => {
      const response = await app.inject({
        method: "GET",
        url: "/v1/sandbox/customers",
        headers: { "X-Request-ID": "b4a0ab4e-5f4e-4d6e-9d0e-3f8d4c1e2a10" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ tppMessages: { code: string }[] }>().tppMessages.map((m) => m.code)).toContain("SIGNATURE_MISSING");
    });

    it("lets either TPP role in, and no other", async () => {
      const pisp = issueTestTpp(app, {
        organizationIdentifier: "PSDNO-FSA-PI0001",
        organizationName: "Only Payments AS",
        roles: ["PSP_PI"],
      });
      const aisp = issueTestTpp(app, {
        organizationIdentifier: "PSDNO-FSA-AI0001",
        organizationName: "Only Accounts AS",
        roles: ["PSP_AI"],
      });
      const issuer = issueTestTpp(app, {
        organizationIdentifier: "PSDNO-FSA-IC0001",
        organizationName: "Card Issuer AS",
        roles: ["PSP_IC"],
      });
      expect((await pisp.get("/v1/sandbox/customers")).statusCode).toBe(200);
      expect((await aisp.get("/v1/sandbox/clock")).statusCode).toBe(200);
      expectErrorReply(await issuer.get("/v1/sandbox/customers"), {
        status: 403,
        code: "FORBIDDEN",
        path: "TPP-Signature-Certificate",
        text: "This operation needs the PSD2 role PSP_AI or PSP_PI; the certificate's roles are PSP_IC",
      });
    });
  });

  describe("customers", () => {
    it("POST creates one: 201 with Location, and GET reads it back", async () => {
      const response = await tpp.post("/v1/sandbox/customers", {
        customerNumber: "01019012345",
        customerName: "Kari Nordmann",
        customerType: "CORPORATE",
      });
      expect(response.statusCode, response.body).toBe(201);
      const customer = sandboxCustomerSchema.parse(response.json());
      expect(customer).toMatchObject({
        customerNumber: "01019012345",
        customerName: "Kari Nordmann",
        customerType: "CORPORATE",
        accounts: [],
        cardAccounts: [],
        agreements: [],
      });
      expect(response.headers.location).toBe(`/v1/sandbox/customers/${customer.customerId}`);
      expect(response.headers["aspsp-sca-approach"]).toBe("REDIRECT");
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers.signature).toBeDefined();

      const read = await tpp.get(response.headers.location ?? "");
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(customer);
    });

    it("GET lists them all, the initial four first", async () => {
      const response = await tpp.get("/v1/sandbox/customers");
      expect(response.statusCode).toBe(200);
      const { customers } = response.json<{ customers: unknown[] }>();
      const numbers = customers.map((customer) => sandboxCustomerSchema.parse(customer).customerNumber);
      expect(numbers.slice(0, 4)).toEqual([CUSTOMERS.ingrid, CUSTOMERS.per, CUSTOMERS.sindre, CUSTOMERS.amalie]);
    });

    it("refuses bad bodies, a taken number and an unknown id, changing nothing", async () => {
      await rejected(
        () => tpp.post("/v1/sandbox/customers", { customerNumber: "1303931995", customerName: "Someone", customerType: "PRIVATE" }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "customerNumber",
          text: "customerNumber must be 11 digits, a mocked national identity number such as 13039319955",
        },
      );
      await rejected(
        () => tpp.post("/v1/sandbox/customers", { customerNumber: CUSTOMERS.ingrid, customerName: "Someone", customerType: "PRIVATE" }),
        {
          status: 409,
          code: "CONFLICT",
          path: "customerNumber",
          text: `customerNumber ${CUSTOMERS.ingrid} belongs to another sandbox customer; a customer number is the identity used at SCA and must be unique`,
        },
      );
      await rejected(
        () =>
          tpp.post("/v1/sandbox/customers", {
            customerNumber: "01019012399",
            customerName: "Kari",
            customerType: "PRIVATE",
            email: "kari@example.no",
          }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "email",
          text: "email is not a known field; unknown fields are rejected",
        },
      );
      await rejected(() => tpp.post("/v1/sandbox/customers", "{not json"), {
        status: 400,
        code: "FORMAT_ERROR",
        text: /^The request body is not valid JSON/,
      });
      await rejected(() => tpp.post("/v1/sandbox/customers", "<customer/>", { "Content-Type": "application/xml" }), {
        status: 415,
        code: "BAD_REQUEST",
        path: "Content-Type",
        text: "The request body must be JSON (Content-Type: application/json); XML and other formats are not supported",
      });
      await rejected(() => tpp.get("/v1/sandbox/customers/no-such-customer"), {
        status: 404,
        code: "RESOURCE_UNKNOWN",
        text: 'no sandbox customer has the id "no-such-customer"',
      });
    });
  });

  describe("accounts, card accounts and agreements", () => {
    let customerId: string;
    let accountId: string;

    beforeAll(async () => {
      const response = await tpp.post("/v1/sandbox/customers", {
        customerNumber: "02029012345",
        customerName: "Lie Eiendom",
        customerType: "CORPORATE",
      });
      customerId = sandboxCustomerSchema.parse(response.json()).customerId;
    });

    it("POST /v1/sandbox/accounts: 201, Location at the account's address", async () => {
      const response = await tpp.post("/v1/sandbox/accounts", {
        customerId,
        name: "Driftskonto",
        balance: { currency: "NOK", amount: "1500.00" },
      });
      expect(response.statusCode, response.body).toBe(201);
      const account = response.json<{ resourceId: string; bban: string; balance: unknown; usage: string }>();
      accountId = account.resourceId;
      expect(account).toMatchObject({ balance: { currency: "NOK", amount: "1500.00" }, usage: "ORGA" });
      expect(account.bban).toMatch(/^3800\d{7}$/);
      expect(response.headers.location).toBe(`/v1/accounts/${accountId}`);
      expect(response.headers["aspsp-sca-approach"]).toBe("REDIRECT");
      await rejected(() => tpp.post("/v1/sandbox/accounts", { customerId: "nobody", name: "Konto" }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "customerId",
        text: 'customerId "nobody" names no sandbox customer',
      });
      await rejected(() => tpp.post("/v1/sandbox/accounts", { customerId, name: "Konto", balance: { currency: "NOK", amount: "1.5" } }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "balance.amount",
      });
    });

    it("POST /v1/sandbox/card-accounts: 201, Location at the card account's address", async () => {
      const response = await tpp.post("/v1/sandbox/card-accounts", {
        customerId,
        name: "Firmakort",
        creditLimit: { currency: "NOK", amount: "20000.00" },
      });
      expect(response.statusCode, response.body).toBe(201);
      const card = response.json<{ resourceId: string; maskedPan: string; relatedAccountId: string }>();
      expect(card.maskedPan).toMatch(/^\d{6}\*{6}\d{4}$/);
      expect(card.relatedAccountId).toBe(accountId);
      expect(response.headers.location).toBe(`/v1/card-accounts/${card.resourceId}`);
      await rejected(() => tpp.post("/v1/sandbox/card-accounts", { customerId, name: "Firmakort" }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "creditLimit",
        text: "creditLimit is required",
      });
    });

    it("POST /v1/sandbox/agreements: 201, Location at its customer", async () => {
      const response = await tpp.post("/v1/sandbox/agreements", {
        customerId,
        name: "Lie Eiendom AS",
        organisationNumber: "918765026",
        accountIds: [accountId],
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        customerId,
        name: "Lie Eiendom AS",
        organisationNumber: "918765026",
        engagements: [accountId],
      });
      expect(response.headers.location).toBe(`/v1/sandbox/customers/${customerId}`);
      await rejected(
        () =>
          tpp.post("/v1/sandbox/agreements", {
            customerId: ingrid,
            name: "Haugen AS",
            organisationNumber: "918765026",
            accountIds: [ingridMain],
          }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "customerId",
          text: `customerId "${ingrid}" is a PRIVATE customer; agreements belong to CORPORATE customers`,
        },
      );
      await rejected(
        () =>
          tpp.post("/v1/sandbox/agreements", {
            customerId,
            name: "Lie Eiendom AS",
            organisationNumber: "918765027",
            accountIds: [accountId],
          }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "organisationNumber",
        },
      );
    });
  });

  describe("transactions", () => {
    it("POST on an account adds them all: 201, Location at the account's transactions", async () => {
      const response = await tpp.post(`/v1/sandbox/accounts/${ingridMain}/transactions`, [
        { transactionAmount: { currency: "NOK", amount: "-349.90" }, creditorName: "REMA 1000", bookingDate: "2026-01-09" },
        { bookingStatus: "pending", transactionAmount: { currency: "NOK", amount: "-99.00" }, creditorName: "Kiwi" },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{ transactions: { bookingStatus: string }[]; account: { resourceId: string } }>();
      expect(body.transactions.map((t) => t.bookingStatus)).toEqual(["booked", "pending"]);
      expect(body.account.resourceId).toBe(ingridMain);
      expect(response.headers.location).toBe(`/v1/accounts/${ingridMain}/transactions`);
    });

    it("refuses a wrong currency, a sandbox debtor, an empty list and an unknown account, adding none", async () => {
      await rejected(
        () => tpp.post(`/v1/sandbox/accounts/${ingridMain}/transactions`, [{ transactionAmount: { currency: "SEK", amount: "10.00" } }]),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "[0].transactionAmount.currency",
        },
      );
      await rejected(
        () =>
          tpp.post(`/v1/sandbox/accounts/${ingridMain}/transactions`, [
            { transactionAmount: { currency: "NOK", amount: "10.00" } },
            { transactionAmount: { currency: "NOK", amount: "500.00" }, debtorAccount: { bban: "38009907391" } },
          ]),
        { status: 400, code: "FORMAT_ERROR", path: "[1].debtorAccount" },
      );
      await rejected(() => tpp.post(`/v1/sandbox/accounts/${ingridMain}/transactions`, []), { status: 400, code: "FORMAT_ERROR" });
      await rejected(
        () => tpp.post("/v1/sandbox/accounts/nope/transactions", [{ transactionAmount: { currency: "NOK", amount: "10.00" } }]),
        {
          status: 404,
          code: "RESOURCE_UNKNOWN",
          text: 'no sandbox account has the id "nope"',
        },
      );
    });

    it("POST on a card account adds card transactions: 201, Location at the sandbox listing", async () => {
      const response = await tpp.post(`/v1/sandbox/card-accounts/${ingridCard}/transactions`, [
        {
          transactionDate: "2026-01-08",
          transactionAmount: { currency: "NOK", amount: "-580.25" },
          originalAmount: { currency: "EUR", amount: "-49.90" },
          merchantCategoryCode: "5812",
          transactionDetails: "TRATTORIA ROMA",
        },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers.location).toBe(`/v1/sandbox/card-accounts/${ingridCard}/transactions`);
      await rejected(
        () =>
          tpp.post(`/v1/sandbox/card-accounts/${ingridCard}/transactions`, [
            { transactionAmount: { currency: "NOK", amount: "-5.00" }, merchantCategoryCode: "58" },
          ]),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "[0].merchantCategoryCode",
          text: "[0].merchantCategoryCode must be an ISO 18245 merchant category code of 4 digits, e.g. 5411",
        },
      );
    });

    it("GET on a card account lists them in the spec's sandbox shape; bookingStatus is required and limit at least 1", async () => {
      const response = await tpp.get(
        `/v1/sandbox/card-accounts/${ingridCard}/transactions?bookingStatus=both&fromDate=2026-01-08&toDate=2026-01-08&limit=5`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = sandboxCardTransactionsResponseSchema.parse(response.json());
      expect(body.cardAccount.maskedPan).toBe("552211******4821");
      expect(body.cardTransactions.booked.some((t) => t.transactionDetails === "TRATTORIA ROMA")).toBe(true);
      expectErrorReply(await tpp.get(`/v1/sandbox/card-accounts/${ingridCard}/transactions`), {
        status: 400,
        code: "QUERY_PARAMETER_REQUIRED",
        path: "bookingStatus",
        text: "the query parameter bookingStatus is required: booked, pending or both",
      });
      expectErrorReply(await tpp.get(`/v1/sandbox/card-accounts/${ingridCard}/transactions?bookingStatus=booked&limit=0`), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "limit",
        text: "limit must be at least 1",
      });
      expectErrorReply(await tpp.get("/v1/sandbox/card-accounts/nope/transactions?bookingStatus=booked"), {
        status: 404,
        code: "RESOURCE_UNKNOWN",
        text: 'no sandbox card account has the id "nope"',
      });
    });
  });

  describe("balances", () => {
    it("PUT sets an account's and a card account's booked balance", async () => {
      const account = await tpp.put(`/v1/sandbox/accounts/${perMain}/balances`, { balanceAmount: { currency: "NOK", amount: "1000.00" } });
      expect(account.statusCode, account.body).toBe(200);
      expect(account.json()).toMatchObject({
        resourceId: perMain,
        balanceAmount: { currency: "NOK", amount: "1000.00" },
        lastChangeDateTime: "2026-01-10T11:00:00.000Z",
      });
      const card = await tpp.put(`/v1/sandbox/card-accounts/${ingridCard}/balances`, {
        balanceAmount: { currency: "NOK", amount: "-120.00" },
      });
      expect(card.statusCode, card.body).toBe(200);
    });

    it("refuses another currency, a missing amount and an unknown id", async () => {
      await rejected(() => tpp.put(`/v1/sandbox/accounts/${perMain}/balances`, { balanceAmount: { currency: "EUR", amount: "10.00" } }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "balanceAmount.currency",
        text: "balanceAmount.currency is EUR, but the account's currency is NOK",
      });
      await rejected(() => tpp.put(`/v1/sandbox/card-accounts/${ingridCard}/balances`, {}), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "balanceAmount",
        text: "balanceAmount is required",
      });
      await rejected(() => tpp.put("/v1/sandbox/accounts/nope/balances", { balanceAmount: { currency: "NOK", amount: "10.00" } }), {
        status: 404,
        code: "RESOURCE_UNKNOWN",
      });
    });
  });

  // The route's schema checks the body and the query before the service runs (the services take
  // the parsed input): these replies are the schema's, each naming its field.
  describe("malformed bodies and queries, refused by the route's schema", () => {
    const sindre = initialIds.customer(CUSTOMERS.sindre);
    const sindreMain = ids.account(CUSTOMERS.sindre, 1);

    it("customers: an unknown customerType, a character outside the BMP, a name too long", async () => {
      const customer = (fields: Record<string, unknown>) =>
        tpp.post("/v1/sandbox/customers", { customerNumber: "01019012399", customerName: "Someone", customerType: "PRIVATE", ...fields });
      await rejected(() => customer({ customerType: "PERSONAL" }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "customerType",
        text: "customerType must be one of PRIVATE, CORPORATE",
      });
      await rejected(() => customer({ customerName: "Kari 😀" }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "customerName",
        text: "customerName contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
      });
      await rejected(() => customer({ customerName: "K".repeat(71) }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "customerName",
        text: "customerName is 71 characters long; at most 70 are allowed",
      });
    });

    it("lists every invalid field: the first leads, the others follow", async () => {
      const response = await tpp.post("/v1/sandbox/customers", { customerNumber: 12, customerType: "BOTH", customerName: "Kari" });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ tppMessages: unknown[] }>().tppMessages).toEqual([
        { category: "ERROR", code: "FORMAT_ERROR", path: "customerNumber", text: "customerNumber must be a string, not a number" },
        { category: "ERROR", code: "FORMAT_ERROR", path: "customerType", text: "customerType must be one of PRIVATE, CORPORATE" },
      ]);
    });

    it("accounts and card accounts: a malformed amount, an empty name, a negative credit limit, a malformed maskedPan", async () => {
      await rejected(
        () => tpp.post("/v1/sandbox/accounts", { customerId: sindre, name: "Konto", balance: { currency: "NOK", amount: "10.5" } }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "balance.amount",
          text: "balance.amount has 1 fraction digit; NOK amounts have exactly 2 (ISO 4217 minor units)",
        },
      );
      await rejected(() => tpp.post("/v1/sandbox/accounts", { customerId: sindre, name: "" }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "name",
        text: "name is empty; at least 1 character is required",
      });
      await rejected(
        () =>
          tpp.post("/v1/sandbox/card-accounts", { customerId: ingrid, name: "Kort", creditLimit: { currency: "NOK", amount: "-100.00" } }),
        { status: 400, code: "FORMAT_ERROR", path: "creditLimit.amount", text: "creditLimit.amount must not be negative" },
      );
      await rejected(
        () =>
          tpp.post("/v1/sandbox/card-accounts", {
            customerId: ingrid,
            name: "Kort",
            creditLimit: { currency: "NOK", amount: "100.00" },
            maskedPan: "1234",
          }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "maskedPan",
          text: "maskedPan must be 6 digits, 6 stars and 4 digits, e.g. 552211******4821",
        },
      );
    });

    it("agreements: an organisation number with a wrong check digit, an account id given twice", async () => {
      await rejected(
        () =>
          tpp.post("/v1/sandbox/agreements", {
            customerId: sindre,
            name: "Lie AS",
            organisationNumber: "918765027",
            accountIds: [sindreMain],
          }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "organisationNumber",
          text: "organisationNumber must be a Norwegian organisation number: 9 digits with a valid MOD11 check digit (weights 3, 2, 7, 6, 5, 4, 3, 2)",
        },
      );
      await rejected(
        () =>
          tpp.post("/v1/sandbox/agreements", {
            customerId: sindre,
            name: "Lie AS",
            organisationNumber: "918765026",
            accountIds: [sindreMain, sindreMain],
          }),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "accountIds[1]",
          text: `accountIds[1] repeats the account id at index 0 ("${sindreMain}"); each account id may appear once`,
        },
      );
    });

    it("account transactions: an invalid KID, a zero amount, an empty list, an object in place of the list", async () => {
      const add = (body: unknown) => () => tpp.post(`/v1/sandbox/accounts/${ingridMain}/transactions`, body);
      await rejected(
        add([{ transactionAmount: { currency: "NOK", amount: "-10.00" }, remittanceInformationStructured: "1234567890123" }]),
        {
          status: 400,
          code: "KID_INVALID",
          path: "[0].remittanceInformationStructured",
          text: "[0].remittanceInformationStructured has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check",
        },
      );
      await rejected(add([{ transactionAmount: { currency: "NOK", amount: "-0.00" } }]), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "[0].transactionAmount.amount",
        text: "[0].transactionAmount.amount must not be zero; debits are negative, credits positive",
      });
      await rejected(add([]), { status: 400, code: "FORMAT_ERROR", text: "the request body is empty; at least 1 transaction is required" });
      await rejected(add({ transactionAmount: { currency: "NOK", amount: "10.00" } }), {
        status: 400,
        code: "FORMAT_ERROR",
        text: "the request body must be an array, not a JSON object",
      });
    });

    it("card transactions: a whole number of units is read as a decimal string, a fraction of a number is refused", async () => {
      const response = await tpp.post(`/v1/sandbox/card-accounts/${ingridCard}/transactions`, [
        { transactionAmount: { currency: "NOK", amount: -250 }, merchantCategoryCode: "5411" },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ cardTransactions: unknown[] }>().cardTransactions[0]).toMatchObject({
        transactionAmount: { currency: "NOK", amount: "-250.00" },
        originalAmount: { currency: "NOK", amount: "-250.00" },
      });
      await rejected(
        () =>
          tpp.post(`/v1/sandbox/card-accounts/${ingridCard}/transactions`, [
            { transactionAmount: { currency: "NOK", amount: -10.5 }, merchantCategoryCode: "5411" },
          ]),
        {
          status: 400,
          code: "FORMAT_ERROR",
          path: "[0].transactionAmount.amount",
          text: '[0].transactionAmount.amount must be a decimal string such as "-250.00", or a whole number (int32)',
        },
      );
    });

    it("the card transaction listing: a bookingStatus it does not know", async () => {
      expectErrorReply(await tpp.get(`/v1/sandbox/card-accounts/${ingridCard}/transactions?bookingStatus=all`), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "bookingStatus",
        text: "bookingStatus must be one of booked, pending, both",
      });
    });

    it("balances: an amount with a decimal comma", async () => {
      await rejected(() => tpp.put(`/v1/sandbox/accounts/${perMain}/balances`, { balanceAmount: { currency: "NOK", amount: "1,00" } }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "balanceAmount.amount",
        text: 'balanceAmount.amount must not contain ","; "." is the only decimal separator and there is no thousands separator',
      });
    });
  });

  describe("POST /v1/sandbox/initialize", () => {
    it("refuses a body other than {}", async () => {
      await rejected(() => tpp.post("/v1/sandbox/initialize", { reset: "all" }), {
        status: 400,
        code: "FORMAT_ERROR",
        path: "reset",
        text: "reset is not a known field; unknown fields are rejected",
      });
    });

    it("goes back to the known state: what was made by hand is gone", async () => {
      const response = await tpp.post("/v1/sandbox/initialize");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ today: "2026-01-10", customers: 4, agreements: 2, accounts: 8, cardAccounts: 2 });
      const { customers } = (await tpp.get("/v1/sandbox/customers")).json<{ customers: unknown[] }>();
      expect(customers).toHaveLength(4);
      expect((await tpp.post("/v1/sandbox/initialize", {})).statusCode).toBe(200);
    });
  });
});
