import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createRequestSigner } from "../../psd2/signing";
import type { AspspContext } from "../aspsp/aspsp-context";
import { type AspspClient, createAspspClient } from "../aspsp/create-aspsp-client";
import { AspspError, TppError } from "../errors";
import { getAgreements } from "../psu/get-agreements";
import { getUser } from "../psu/get-user";
import { identifyPsu } from "../psu/identify-psu";
import { startConsent } from "../psu/start-consent";
import { type CaptureServer, type CapturedRequest, startCaptureServer } from "../testing/capture-server";
import { testPki } from "../testing/test-pki";
import { getContactEmail } from "../tpp-dialogue/get-contact-email";
import { putContactEmail } from "../tpp-dialogue/put-contact-email";
import { getBalanceHistory } from "./get-balance-history";
import { getBalances } from "./get-balances";
import { getCardAccountTransactions } from "./get-card-account-transactions";
import { getTransactionDetails } from "./get-transaction-details";
import { listAccounts } from "./list-accounts";
import { listCardAccounts } from "./list-card-accounts";
import { listTransactions } from "./list-transactions";
import { readPageToken, toPageToken } from "./page-token";

const signer = createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem });
const link = (href: string) => ({ href, verbs: ["GET"] });

type Route = (request: CapturedRequest) => { status: number; body?: unknown };

describe("account information, PSU and TPP dialogue operations", () => {
  let server: CaptureServer;
  let client: AspspClient;
  let ctx: AspspContext;
  let route: Route = () => ({ status: 404, body: { tppMessages: [{ category: "ERROR", code: "NOT_FOUND" }] } });

  beforeAll(async () => {
    server = await startCaptureServer();
    server.setHandler((request, response: ServerResponse) => {
      const { status, body } = route(request);
      response.writeHead(status, { "Content-Type": "application/json" }).end(body === undefined ? "" : JSON.stringify(body));
    });
    client = createAspspClient({ baseUrl: server.url, signer, redirectUri: "http://localhost:3000/callback" });
    ctx = {
      client,
      tppId: "PSDNO-FSA-123456",
      caller: { userId: "u1", tppSessionId: "s-1", psuId: "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81" },
    };
  });
  afterEach(() => {
    server.requests.length = 0;
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it("listAccounts: the accounts as app types, balances included when asked", async () => {
    route = () => ({
      status: 200,
      body: {
        accounts: [
          {
            resourceId: "acc-1",
            bban: "12345678903",
            iban: "NO9312345678903",
            currency: "NOK",
            name: "Brukskonto",
            product: "Brukskonto",
            cashAccountType: "CACC",
            bic: "FJORNOKK",
            status: "enabled",
            usage: "PRIV",
            ownerName: "Kari Nordmann",
            balances: [
              {
                balanceType: "expected",
                balanceAmount: { currency: "NOK", amount: "1250.50" },
                lastChangeDateTime: "2026-03-02T09:00:00+01:00",
              },
            ],
            _links: { self: link("/v1/accounts/acc-1") },
          },
        ],
      },
    });
    const accounts = await listAccounts(ctx, { withBalance: true });
    expect(server.requests[0]?.url).toBe("/v1/accounts?withBalance=true");
    expect(accounts).toEqual([
      {
        id: "acc-1",
        name: "Brukskonto",
        iban: "NO9312345678903",
        bban: "12345678903",
        bic: "FJORNOKK",
        currency: "NOK",
        product: "Brukskonto",
        cashAccountType: "CACC",
        status: "enabled",
        usage: "PRIV",
        ownerName: "Kari Nordmann",
        balances: [
          {
            type: "expected",
            amount: { amount: "1250.50", currency: "NOK" },
            referenceDate: undefined,
            lastChangeDateTime: "2026-03-02T09:00:00+01:00",
            creditLimitIncluded: undefined,
          },
        ],
      },
    ]);
    // Never the wire's _links.
    expect(JSON.stringify(accounts)).not.toContain("_links");
  });

  it("listAccounts: a 401 is an AspspError carrying scaRedirect and the session it binds to", async () => {
    route = () => ({
      status: 401,
      body: {
        tppMessages: [{ category: "ERROR", code: "SCA_NOT_FOUND", text: "follow scaRedirect" }],
        _links: { scaRedirect: link(`${server.url}/sca/a1?token=t`) },
      },
    });
    const error = await listAccounts(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AspspError);
    expect(error instanceof AspspError && [error.scaRedirect, error.tppSessionId]).toEqual([`${server.url}/sca/a1?token=t`, "s-1"]);
  });

  it("getBalances: the balances of an account", async () => {
    route = () => ({
      status: 200,
      body: {
        account: { bban: "12345678903", iban: "NO9312345678903", currency: "NOK" },
        balances: [
          { balanceType: "closingBooked", balanceAmount: { currency: "NOK", amount: "-10.00" }, referenceDate: "2026-03-01" },
          { balanceType: "interimAvailable", balanceAmount: { currency: "NOK", amount: "990.00" } },
        ],
      },
    });
    const balances = await getBalances(ctx, "acc/1");
    expect(server.requests[0]?.url).toBe("/v1/accounts/acc%2F1/balances");
    expect(balances.account?.iban).toBe("NO9312345678903");
    expect(balances.balances.map((b) => [b.type, b.amount.amount, b.referenceDate])).toEqual([
      ["closingBooked", "-10.00", "2026-03-01"],
      ["interimAvailable", "990.00", undefined],
    ]);
  });

  it("listTransactions: booked and pending as app types, and page tokens that follow the bank's links", async () => {
    route = () => ({
      status: 200,
      body: {
        account: { iban: "NO9312345678903" },
        transactions: {
          booked: [
            {
              transactionId: "t-1",
              bookingDate: "2026-03-01",
              valueDate: "2026-03-01",
              transactionAmount: { currency: "NOK", amount: "-249.90" },
              creditorName: "Rema 1000",
              creditorAccount: { bban: "98765432106" },
              remittanceInformationStructured: "1234567890128",
              additionalInformationProprietary2: "second",
              additionalInformationProprietary1: "first",
              _links: { transactionDetails: link("/v1/accounts/acc-1/transactions/t-1") },
            },
            {
              transactionId: "t-2",
              bookingDate: "2026-02-28",
              transactionAmount: { currency: "NOK", amount: "30000.00" },
              debtorName: "Arbeidsgiver AS",
            },
          ],
          pending: [{ transactionAmount: { currency: "NOK", amount: "-10.00" }, creditorName: "Kiosk" }],
          _links: {
            account: link("/v1/accounts/acc-1"),
            first: link("/v1/accounts/acc-1/transactions?bookingStatus=both&limit=2"),
            next: link("/v1/accounts/acc-1/transactions?bookingStatus=both&limit=2&cursor=abc%2Bdef"),
            last: link("/v1/accounts/acc-1/transactions?bookingStatus=both&limit=2&offset=1698"),
          },
        },
      },
    });
    const page = await listTransactions(ctx, "acc-1", { bookingStatus: "both", dateFrom: "2026-01-01", limit: 2 });
    expect(server.requests[0]?.url).toBe("/v1/accounts/acc-1/transactions?bookingStatus=both&dateFrom=2026-01-01&limit=2");
    expect(page.booked[0]).toMatchObject({
      id: "t-1",
      status: "booked",
      amount: { amount: "-249.90", currency: "NOK" },
      counterpartyName: "Rema 1000",
      creditorAccount: { bban: "98765432106" },
      structuredReference: "1234567890128",
      proprietaryInformation: ["first", "second"],
      hasDetails: true,
    });
    expect(page.booked[1]).toMatchObject({ counterpartyName: "Arbeidsgiver AS", hasDetails: false });
    expect(page.pending).toHaveLength(1);
    expect(page.pending[0]?.status).toBe("pending");
    expect(page.pages.previous).toBeUndefined();
    const next = page.pages.next;
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);

    await listTransactions(ctx, "acc-1", { bookingStatus: "booked", page: next });
    expect(server.requests[1]?.url).toBe("/v1/accounts/acc-1/transactions?bookingStatus=both&limit=2&cursor=abc%2Bdef");
  });

  it("getBalanceHistory: the balances and the bookings' first page at once, in the bank's largest pages, then its next links", async () => {
    const booking = (id: string, date: string, amount: string) => ({
      transactionId: id,
      bookingDate: date,
      transactionAmount: { currency: "NOK", amount },
    });
    route = (request) => {
      if (request.url.endsWith("/balances")) {
        return {
          status: 200,
          body: {
            balances: [
              { balanceType: "expected", balanceAmount: { currency: "NOK", amount: "0.00" } },
              { balanceType: "closingBooked", balanceAmount: { currency: "NOK", amount: "100.00" }, referenceDate: "2026-03-02" },
            ],
          },
        };
      }
      if (request.url.includes("cursor=2"))
        return { status: 200, body: { transactions: { booked: [booking("t-3", "2026-03-01", "-5.00")], _links: {} } } };
      return {
        status: 200,
        body: {
          transactions: {
            booked: [booking("t-1", "2026-03-03", "50.00"), booking("t-2", "2026-03-02", "-20.00")],
            _links: { next: link("/v1/accounts/acc-1/transactions?bookingStatus=booked&dateFrom=2026-03-01&limit=1000&cursor=2") },
          },
        },
      };
    };
    const history = await getBalanceHistory(ctx, "acc-1", { days: 3, today: "2026-03-03" });
    const urls = server.requests.map((r) => r.url);
    // The first two at once (in either order), the next page after the first.
    expect(urls.slice(0, 2).sort()).toEqual([
      "/v1/accounts/acc-1/balances",
      "/v1/accounts/acc-1/transactions?bookingStatus=booked&dateFrom=2026-03-01&limit=1000",
    ]);
    expect(urls.slice(2)).toEqual(["/v1/accounts/acc-1/transactions?bookingStatus=booked&dateFrom=2026-03-01&limit=1000&cursor=2"]);
    expect(history?.series.points).toEqual([
      { date: "2026-03-01", amount: "120.00" },
      { date: "2026-03-02", amount: "100.00" },
      { date: "2026-03-03", amount: "150.00" },
    ]);
  });

  it("getBalanceHistory: a bank that refuses the page size is asked again with its own; any other refusal is the bank's error", async () => {
    route = (request) => {
      if (request.url.endsWith("/balances")) {
        return {
          status: 200,
          body: {
            balances: [{ balanceType: "closingBooked", balanceAmount: { currency: "NOK", amount: "10.00" }, referenceDate: "2026-03-03" }],
          },
        };
      }
      if (request.url.includes("limit=")) {
        return {
          status: 400,
          body: { tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "limit", text: "limit must be 1 to 500" }] },
        };
      }
      return {
        status: 200,
        body: {
          transactions: {
            booked: [{ transactionId: "t-1", bookingDate: "2026-03-03", transactionAmount: { currency: "NOK", amount: "4.00" } }],
            _links: {},
          },
        },
      };
    };
    const history = await getBalanceHistory(ctx, "acc-1", { days: 2, today: "2026-03-03" });
    expect(server.requests.map((r) => r.url).filter((url) => url.includes("/transactions"))).toEqual([
      "/v1/accounts/acc-1/transactions?bookingStatus=booked&dateFrom=2026-03-02&limit=1000",
      "/v1/accounts/acc-1/transactions?bookingStatus=booked&dateFrom=2026-03-02",
    ]);
    expect(history?.series.points).toEqual([
      { date: "2026-03-02", amount: "6.00" },
      { date: "2026-03-03", amount: "10.00" },
    ]);

    server.requests.length = 0;
    route = (request) =>
      request.url.endsWith("/balances")
        ? { status: 200, body: { balances: [] } }
        : {
            status: 400,
            body: { tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", path: "dateFrom", text: "dateFrom is too far back" }] },
          };
    const error = await getBalanceHistory(ctx, "acc-1", { days: 2, today: "2026-03-03" }).catch((e: unknown) => e);
    expect(error instanceof AspspError && [error.status, error.tppMessages[0]?.path]).toEqual([400, "dateFrom"]);
    expect(server.requests.filter((r) => r.url.includes("/transactions"))).toHaveLength(1);
  });

  it("getBalanceHistory: the balances are asked for while today is still being read; the bookings from today's date", async () => {
    route = (request) =>
      request.url.endsWith("/balances")
        ? {
            status: 200,
            body: {
              balances: [
                { balanceType: "closingBooked", balanceAmount: { currency: "NOK", amount: "10.00" }, referenceDate: "2026-03-02" },
              ],
            },
          }
        : {
            status: 200,
            body: {
              transactions: {
                booked: [{ transactionId: "t-1", bookingDate: "2026-03-03", transactionAmount: { currency: "NOK", amount: "-1.50" } }],
                _links: {},
              },
            },
          };
    let tell: (day: string) => void = () => undefined;
    const today = new Promise<string>((resolve) => {
      tell = resolve;
    });
    const history = getBalanceHistory(ctx, "acc-1", { days: 2, today });
    await vi.waitFor(() => expect(server.requests.map((r) => r.url)).toEqual(["/v1/accounts/acc-1/balances"]));
    tell("2026-03-03");
    expect((await history)?.series.points).toEqual([
      { date: "2026-03-02", amount: "10.00" },
      { date: "2026-03-03", amount: "8.50" },
    ]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v1/accounts/acc-1/balances",
      "/v1/accounts/acc-1/transactions?bookingStatus=booked&dateFrom=2026-03-02&limit=1000",
    ]);
  });

  it("page tokens keep only the query, so a token cannot lead elsewhere; a forged token is refused", () => {
    expect(readPageToken(toPageToken("https://evil.example/steal?bookingStatus=booked")).toString()).toBe("bookingStatus=booked");
    expect(() => readPageToken("not a token!")).toThrow(TppError);
  });

  it("listTransactions: refuses a date that is not YYYY-MM-DD before calling the bank", async () => {
    await expect(listTransactions(ctx, "acc-1", { bookingStatus: "booked", dateFrom: "01.03.2026" })).rejects.toMatchObject({
      code: "INPUT_INVALID",
    });
    expect(server.requests).toHaveLength(0);
  });

  it("the KID is read in both remittance forms: a Remittance reference item (Berlin Group 1.3) and a bare string", async () => {
    for (const remittanceInformationStructured of [
      { reference: "1234567890128", referenceType: "KID", referenceIssuer: "Nets" },
      "1234567890128",
    ]) {
      route = () => ({
        status: 200,
        body: {
          transactions: {
            booked: [
              {
                transactionId: "t-1",
                bookingDate: "2026-03-01",
                transactionAmount: { currency: "NOK", amount: "-1.00" },
                remittanceInformationStructured,
              },
            ],
          },
        },
      });
      const page = await listTransactions(ctx, "acc-1", { bookingStatus: "booked" });
      expect(page.booked[0]?.structuredReference).toBe("1234567890128");
    }
  });

  it("getTransactionDetails: one transaction with what the listing leaves out", async () => {
    route = () => ({
      status: 200,
      body: {
        transactionsDetails: {
          transactionId: "t-1",
          bookingDate: "2026-03-01",
          transactionAmount: { currency: "NOK", amount: "-249.90" },
          additionalInformation: "Varekjøp",
          remittanceInformationStructured: { reference: "1234567890128", referenceType: "KID" },
        },
      },
    });
    const transaction = await getTransactionDetails(ctx, "acc-1", "t-1");
    expect(server.requests[0]?.url).toBe("/v1/accounts/acc-1/transactions/t-1");
    expect(transaction).toMatchObject({
      id: "t-1",
      status: "booked",
      additionalInformation: "Varekjøp",
      structuredReference: "1234567890128",
    });
  });

  it("listCardAccounts: a PSU without card accounts (404 RESOURCE_UNKNOWN) has an empty list", async () => {
    route = () => ({
      status: 404,
      body: { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN", text: "The PSU has no card accounts" }] },
    });
    expect(await listCardAccounts(ctx)).toEqual([]);
    route = () => ({
      status: 200,
      body: {
        cardAccounts: [
          { resourceId: "c-1", maskedPan: "123456******1234", currency: "NOK", creditLimit: { currency: "NOK", amount: "20000.00" } },
        ],
      },
    });
    expect(await listCardAccounts(ctx)).toMatchObject([
      { id: "c-1", maskedPan: "123456******1234", creditLimit: { amount: "20000.00", currency: "NOK" } },
    ]);
  });

  it("getCardAccountTransactions: amounts as decimal strings, pending counted", async () => {
    route = () => ({
      status: 200,
      body: {
        cardAccount: { maskedPan: "123456******1234" },
        cardTransactions: {
          booked: [
            {
              cardTransactionId: "ct-1",
              bookingDate: "2026-03-01",
              transactionDate: "2026-02-28",
              transactionAmount: { currency: "NOK", amount: "-115.00" },
              originalAmount: { currency: "EUR", amount: -10 },
              merchantCategoryCode: "5812",
            },
          ],
          pending: [],
        },
      },
    });
    const page = await getCardAccountTransactions(ctx, "c-1", { bookingStatus: "booked" });
    expect(server.requests[0]?.url).toBe("/v1/card-accounts/c-1/transactions?bookingStatus=booked");
    expect(page.booked[0]).toEqual({
      id: "ct-1",
      bookingDate: "2026-03-01",
      transactionDate: "2026-02-28",
      amount: { amount: "-115.00", currency: "NOK" },
      originalAmount: { amount: "-10", currency: "EUR" },
      merchantCategoryCode: "5812",
      details: undefined,
    });
    expect(page.pending).toEqual([]);
    expect(page.pendingWithoutDetails).toBe(0);
  });

  it("getCardAccountTransactions: pending card transactions with their amounts (supplement §3); a bank's bare ids are counted", async () => {
    route = () => ({
      status: 200,
      body: {
        cardAccount: { maskedPan: "123456******1234" },
        cardTransactions: {
          booked: [],
          pending: [
            {
              cardTransactionId: "ct-9",
              transactionDate: "2026-03-02",
              transactionAmount: { currency: "NOK", amount: "-99.00" },
              originalAmount: { currency: "EUR", amount: "-8.50" },
              merchantCategoryCode: "5812",
              transactionDetails: "CAFE BLÅ",
            },
            "ct-10",
          ],
          _links: { cardAccount: link("/v1/card-accounts/c-1"), first: link("/v1/card-accounts/c-1/transactions?bookingStatus=pending") },
        },
      },
    });
    const page = await getCardAccountTransactions(ctx, "c-1", { bookingStatus: "pending" });
    expect(page.booked).toEqual([]);
    expect(page.pending).toEqual([
      {
        id: "ct-9",
        transactionDate: "2026-03-02",
        amount: { amount: "-99.00", currency: "NOK" },
        originalAmount: { amount: "-8.50", currency: "EUR" },
        merchantCategoryCode: "5812",
        details: "CAFE BLÅ",
      },
    ]);
    expect(page.pendingWithoutDetails).toBe(1);
  });

  it("startConsent and identifyPsu: where to send the PSU, and the session the SCA binds to", async () => {
    route = (request) => ({ status: request.method === "POST" ? 201 : 200, body: { _links: { scaRedirect: link("/sca/j1?token=t") } } });
    expect(await startConsent(ctx)).toEqual({ scaRedirect: `${server.url}/sca/j1?token=t`, tppSessionId: "s-1" });
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/v1/consents" });
    expect(server.requests[0]?.body.toString()).toBe("{}");
    expect(await identifyPsu(ctx)).toEqual({ scaRedirect: `${server.url}/sca/j1?token=t`, tppSessionId: "s-1" });
    expect(server.requests[1]).toMatchObject({ method: "GET", url: "/v1/users" });
    expect(server.requests[1]?.headers["psu-id"]).toBe("6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81");
  });

  it("startConsent and identifyPsu for a new PSU leave PSU-ID and PSU-Corporate-ID out", async () => {
    route = () => ({ status: 201, body: { _links: { scaRedirect: link("/sca/j2?token=t") } } });
    const corporate: AspspContext = { ...ctx, caller: { ...ctx.caller, psuCorporateId: "0b9d8f3e-2c4a-4d6b-8e1f-5a7c9b3d2e10" } };
    await startConsent(corporate, { newPsu: true });
    await identifyPsu(corporate, { newPsu: true });
    for (const request of server.requests) {
      expect(request.headers["psu-id"]).toBeUndefined();
      expect(request.headers["psu-corporate-id"]).toBeUndefined();
      expect(request.headers["tpp-session-id"]).toBe("s-1");
    }
  });

  it("getUser and getAgreements", async () => {
    route = (request) =>
      request.url === "/v1/user"
        ? { status: 200, body: { psuId: "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81", context: "CORPORATE", customerName: "Ola Nordmann" } }
        : {
            status: 200,
            body: { agreements: [{ id: "0b9d8f3e-2c4a-4d6b-8e1f-5a7c9b3d2e10", name: "Fjord AS", organisationNumber: "923609016" }] },
          };
    expect(await getUser(ctx)).toEqual({
      psuId: "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81",
      context: "CORPORATE",
      customerName: "Ola Nordmann",
    });
    expect(await getAgreements(ctx)).toEqual([
      { psuCorporateId: "0b9d8f3e-2c4a-4d6b-8e1f-5a7c9b3d2e10", name: "Fjord AS", organisationNumber: "923609016" },
    ]);
  });

  it("putContactEmail and getContactEmail: the TPP dialogue API under the TPP's id", async () => {
    route = (request) =>
      request.method === "PUT"
        ? { status: 200, body: JSON.parse(request.body.toString()) }
        : { status: 404, body: { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN" }] } };
    expect(await getContactEmail(ctx)).toBeUndefined();
    expect(await putContactEmail(ctx, " drift@tpp.example ")).toBe("drift@tpp.example");
    expect(server.requests[1]).toMatchObject({ method: "PUT", url: "/v1/tpps/PSDNO-FSA-123456/contact-information" });
    expect(server.requests[1]?.body.toString()).toBe('{"email":"drift@tpp.example"}');
    await expect(putContactEmail(ctx, "not an address")).rejects.toMatchObject({ code: "INPUT_INVALID" });
    expect(server.requests).toHaveLength(2);
  });
});
