import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  paymentStatusResponseSchema,
  signingBasketDetailsResponseSchema,
  signingBasketResponseSchema,
  signingBasketStatusResponseSchema,
} from "../../../psd2/schemas";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { CUSTOMERS, type ConsentResult, giveConsent } from "../../testing/ais-scenarios";
import { issueTestTpp } from "../../testing/issue-test-tpp";
import {
  amountSequence,
  approveOnBankPages,
  authorisationHeaders,
  buildPaymentTestBank,
  createAndApprove,
  createPayment,
  domesticBody,
  expectPaymentError,
  expectPaymentRejected,
  loadTestAccounts,
  openApprovalPage,
  paymentHeaders,
  sepaBody,
  startAuthorisation,
} from "../../testing/payment-scenarios";
import { submitScaPage } from "../../testing/sca-page-driver";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

const DOMESTIC = "/v1/payments/norwegian-domestic-credit-transfers";
const INSTANT = "/v1/payments/instant-norwegian-credit-transfers-straks";
const SEPA = "/v1/payments/sepa-credit-transfers";
const BASKETS = "/v1/signing-baskets";
const SESSION = "basket-session";

// docs/interface/signing-baskets.md#rules-in-the-sandbox (signing baskets), docs/interface/errors.md#statuses-by-code (errors); docs/interface/signing-baskets.md#request-and-response, docs/interface/states.md#basket-not-atomic, docs/interface/states.md#no-bulk-or-periodic-in-a-basket.
describe.each(testDatabaseKinds())("signing baskets on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let ingrid: ConsentResult;
  let per: ConsentResult;
  let accounts: Awaited<ReturnType<typeof loadTestAccounts>>;
  const nextAmount = amountSequence(50_000);
  const headers = (extra: Record<string, string | undefined> = {}) => paymentHeaders(ingrid.psuId, SESSION, extra);
  const payment = async (path = DOMESTIC, changes: Record<string, unknown> = {}) =>
    (
      await createPayment(
        tpp,
        path,
        domesticBody(accounts.ingridMain.bban, { instructedAmount: { currency: "NOK", amount: nextAmount() }, ...changes }),
        headers(),
      )
    ).paymentId;
  const createBasket = (paymentIds: unknown, extra: Record<string, string | undefined> = {}) =>
    tpp.post(BASKETS, { paymentIds }, headers(extra));
  const rejected = (send: () => ReturnType<SignedTestClient["get"]>, expected: Parameters<typeof expectPaymentError>[1]) =>
    expectPaymentRejected(app.bank.db, send, expected);
  const statusOf = async (paymentId: string) => (await createPaymentsRepository(app.bank.db).findById(paymentId))?.status;
  const basketStatus = async (basketId: string) =>
    signingBasketStatusResponseSchema.parse((await tpp.get(`${BASKETS}/${basketId}/status`)).json()).transactionStatus;

  beforeAll(async () => {
    app = await buildPaymentTestBank(kind);
    tpp = createSignedTestClient(app);
    accounts = await loadTestAccounts(app);
    ingrid = await giveConsent(app, tpp, { tppSessionId: SESSION, customerNumber: CUSTOMERS.ingrid, resources: "all" });
    per = await giveConsent(app, tpp, { tppSessionId: "per", customerNumber: CUSTOMERS.per, resources: "all" });
  }, 120_000);
  afterAll(() => app.close());

  it("201 RCVD with self, status and startAuthorisation; GET lists its payments; GET status", async () => {
    const sepa = await createPayment(
      tpp,
      SEPA,
      sepaBody(accounts.ingridMain.iban, { instructedAmount: { currency: "EUR", amount: nextAmount() } }),
      headers(),
    );
    const ids = [await payment(), sepa.paymentId];
    const response = await createBasket(ids);
    expect(response.statusCode, response.body).toBe(201);
    const { basketId = "" } = signingBasketResponseSchema.parse(response.json());
    const href = `${BASKETS}/${basketId}`;
    expect(response.json()).toEqual({
      basketId,
      transactionStatus: "RCVD",
      _links: {
        self: { href, verbs: ["GET"] },
        status: { href: `${href}/status`, verbs: ["GET"] },
        startAuthorisation: { href: `${href}/authorisations`, verbs: ["POST"] },
      },
    });
    expect(response.headers.location).toBe(href);
    expect(response.headers["aspsp-sca-approach"]).toBe("REDIRECT");
    const details = signingBasketDetailsResponseSchema.parse((await tpp.get(href)).json());
    expect(details).toMatchObject({ payments: expect.arrayContaining(ids), transactionStatus: "RCVD" });
    expect(details.payments).toHaveLength(ids.length);
    expect(await basketStatus(basketId)).toBe("RCVD");
  });

  it("refuses a malformed list, unknown and foreign payments, periodic and bulk ones, storing nothing", async () => {
    await rejected(() => createBasket([]), {
      status: 400,
      code: "FORMAT_ERROR",
      path: "paymentIds",
      text: "paymentIds is empty; at least 1 payment id is required",
    });
    const eleven = await Promise.all(Array.from({ length: 11 }, () => payment()));
    await rejected(() => createBasket(eleven), {
      status: 400,
      code: "FORMAT_ERROR",
      path: "paymentIds",
      text: "paymentIds holds 11 payment ids; at most 10 payment ids are allowed",
    });
    const [first = ""] = eleven;
    await rejected(() => createBasket([first, first]), {
      status: 400,
      code: "FORMAT_ERROR",
      path: "paymentIds[1]",
      text: /^paymentIds\[1\] /,
    });
    await rejected(() => createBasket([first, "no-such-payment"]), {
      status: 400,
      code: "RESOURCE_UNKNOWN",
      path: "paymentIds[1]",
      text: "paymentIds[1] no-such-payment is not a payment of this TPP and PSU",
    });
    const pers = (
      await createPayment(
        tpp,
        DOMESTIC,
        domesticBody(accounts.perMain.bban, { instructedAmount: { currency: "NOK", amount: nextAmount() } }),
        paymentHeaders(per.psuId, "per"),
      )
    ).paymentId;
    await rejected(() => createBasket([pers]), {
      status: 400,
      code: "RESOURCE_UNKNOWN",
      path: "paymentIds[0]",
      text: `paymentIds[0] ${pers} is not a payment of this TPP and PSU`,
    });
    const otherTpp = issueTestTpp(app, {
      organizationIdentifier: "PSDNO-FSA-919191",
      organizationName: "Basket Thief AS",
      roles: ["PSP_PI"],
    });
    await rejected(() => otherTpp.post(BASKETS, { paymentIds: [first] }, paymentHeaders(ingrid.psuId, "thief")), {
      status: 401,
      code: "PSU_CREDENTIALS_INVALID",
      path: "PSU-ID",
      text: `PSU-ID ${ingrid.psuId} is not known for this TPP: a psu-id comes from the success redirect of an SCA started with this TPP's certificate`,
    });
    const periodic = await createPayment(
      tpp,
      "/v1/periodic-payments/norwegian-domestic-credit-transfers",
      {
        ...domesticBody(accounts.ingridMain.bban, { instructedAmount: { currency: "NOK", amount: nextAmount() } }),
        startDate: "2026-02-01",
        frequency: "Monthly",
      },
      headers(),
    );
    await rejected(() => createBasket([first, periodic.paymentId]), {
      status: 400,
      code: "REFERENCE_MIX_INVALID",
      path: "paymentIds[1]",
      text: "paymentIds[1] is a periodic payment: bulk and periodic payments cannot be put in a signing basket",
    });
    await rejected(() => createBasket([first], { "x-accept-fix": undefined }), {
      status: 400,
      code: "HTTP_HEADER_REQUIRED",
      path: "x-accept-fix",
      text: "The header x-accept-fix is required for this operation",
    });
    await rejected(() => createBasket([first], { "PSU-ID": undefined }), {
      status: 400,
      code: "HTTP_HEADER_REQUIRED",
      path: "PSU-ID",
      text: "The header PSU-ID is required for this operation",
    });
  });

  it("a payment already in a basket, or not in RCVD, is 409 CONFLICT; deleting the basket frees it", async () => {
    const [a, b] = [await payment(), await payment()];
    const first = signingBasketResponseSchema.parse((await createBasket([a])).json()).basketId ?? "";
    await rejected(() => createBasket([b, a]), {
      status: 409,
      code: "CONFLICT",
      path: "paymentIds[1]",
      text: `paymentIds[1] ${a} is already in another signing basket`,
    });
    // In a basket, a payment is authorised through the basket only.
    expectPaymentError(await tpp.post(`${DOMESTIC}/${a}/authorisations`, undefined, authorisationHeaders(SESSION)), {
      status: 409,
      code: "CONFLICT",
      text: `The payment ${a} is in signing basket ${first}: authorise the basket`,
    });
    expect((await tpp.request({ method: "DELETE", url: `${BASKETS}/${first}` })).statusCode).toBe(204);
    expectPaymentError(await tpp.get(`${BASKETS}/${first}`), {
      status: 404,
      code: "RESOURCE_UNKNOWN",
      path: "basketId",
      text: `The signing basket ${first} is unknown for this TPP`,
    });
    expect((await createBasket([b, a])).statusCode).toBe(201);
    const approved = await createAndApprove(
      app,
      tpp,
      {
        path: DOMESTIC,
        body: domesticBody(accounts.ingridMain.bban, { instructedAmount: { currency: "NOK", amount: nextAmount() } }),
        headers: headers(),
      },
      { customerNumber: CUSTOMERS.ingrid },
    );
    await rejected(() => createBasket([approved.paymentId]), {
      status: 409,
      code: "CONFLICT",
      path: "paymentIds[0]",
      text: `paymentIds[0] ${approved.paymentId} is ACTC: only payments in RCVD can be put in a basket`,
    });
  });

  it("a basket whose approval was started and left unfinished can still be deleted; its page then has nothing to approve", async () => {
    const [a, b] = [await payment(), await payment()];
    const created = signingBasketResponseSchema.parse((await createBasket([a, b])).json());
    const started = await tpp.post(created._links?.startAuthorisation?.href ?? "", undefined, authorisationHeaders(SESSION));
    expect(started.statusCode, started.body).toBe(201);
    const href = started.json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect.href;
    expect((await tpp.request({ method: "DELETE", url: created._links?.self?.href ?? "" })).statusCode).toBe(204);
    expect([await statusOf(a), await statusOf(b)]).toEqual(["RCVD", "RCVD"]);
    const page = await openApprovalPage(app, href, { customerNumber: CUSTOMERS.ingrid });
    if (page.kind !== "page") throw new Error("expected the approval page");
    expect(page.html).toContain("Nothing to approve");
    expect(page.html).not.toContain('value="confirm"');
    // The payments are free again: in a new basket.
    expect((await createBasket([a, b])).statusCode).toBe(201);
  });

  it("one approval page lists every payment and the total per currency; Approve authorises all; not atomic: an instant one without funds is RJCT", async () => {
    const domestic = await payment(DOMESTIC, { creditorName: "Fjordkraft AS", remittanceInformationUnstructured: "Strøm januar" });
    const sepa = (
      await createPayment(
        tpp,
        SEPA,
        {
          instructedAmount: { currency: "EUR", amount: "40.00" },
          creditorName: "Hotel Adlon",
          creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
          debtorAccount: { iban: accounts.ingridMain.iban, currency: "NOK" },
        },
        headers(),
      )
    ).paymentId;
    const broke = await payment(INSTANT, {
      instructedAmount: { currency: "NOK", amount: "88888888.00" },
      creditorName: "Too Expensive AS",
    });
    const created = signingBasketResponseSchema.parse((await createBasket([domestic, sepa, broke])).json());
    const started = await tpp.post(created._links?.startAuthorisation?.href ?? "", undefined, authorisationHeaders(SESSION));
    expect(started.statusCode, started.body).toBe(201);
    const href = started.json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect.href;

    const page = await openApprovalPage(app, href, { customerNumber: CUSTOMERS.ingrid });
    if (page.kind !== "page") throw new Error("expected the approval page");
    for (const text of [
      "Approve 3 payments",
      "asks you to approve several payments at once",
      "Fjordkraft AS",
      "Strøm januar",
      "Hotel Adlon",
      "EUR 40.00",
      "Too Expensive AS",
      "NOK 88,888,888.00",
      "Total NOK",
      "Total EUR",
      "Fees",
      "NOK 8,888.89",
    ]) {
      expect(page.html).toContain(text);
    }
    const done = await submitScaPage(app, page, { action: "confirm" });
    expect(done.kind === "redirect" && done.query).toMatchObject({ "psu-id": ingrid.psuId, context: "PRIVATE" });
    expect([await statusOf(domestic), await statusOf(sepa), await statusOf(broke)]).toEqual(["ACTC", "ACTC", "RJCT"]);
    expect(paymentStatusResponseSchema.parse((await tpp.get(`${INSTANT}/${broke}/status`)).json())).toMatchObject({
      transactionStatus: "RJCT",
      fundsAvailable: false,
    });
    expect(await basketStatus(created.basketId ?? "")).toBe("RJCT");
    // Once a payment of it is authorised, the basket cannot be deleted (BG 1.3: no authorisation applied yet).
    await rejected(() => tpp.request({ method: "DELETE", url: created._links?.self?.href ?? "" }), {
      status: 409,
      code: "CONFLICT",
      text: /^The signing basket [A-Za-z0-9_-]+ cannot be deleted: 3 of its payments are authorised already/,
    });
    // The others go on: the next batch run settles them.
    await tpp.post("/v1/sandbox/batch-runs");
    expect([await statusOf(domestic), await statusOf(sepa)]).toEqual(["ACSC", "ACSC"]);
    expectPaymentError(await tpp.post(created._links?.startAuthorisation?.href ?? "", undefined, authorisationHeaders(SESSION)), {
      status: 409,
      code: "CONFLICT",
      text: `No payment of the signing basket ${created.basketId ?? ""} awaits authorisation: it is authorised already, or its payments were cancelled`,
    });
  });

  it("the status is the worst case: ACTC when all are authorised, PATC when one was deleted, RJCT after a cancelled SCA", async () => {
    const [a, b] = [await payment(), await payment()];
    const basketId = signingBasketResponseSchema.parse((await createBasket([a, b])).json()).basketId ?? "";
    await approveOnBankPages(app, await startAuthorisation(tpp, `${BASKETS}/${basketId}/authorisations`, SESSION), {
      customerNumber: CUSTOMERS.ingrid,
    });
    expect(await basketStatus(basketId)).toBe("ACTC");
    expect((await tpp.request({ method: "DELETE", url: `${DOMESTIC}/${b}` })).statusCode).toBe(204);
    expect(await basketStatus(basketId)).toBe("PATC");

    const [c, d] = [await payment(), await payment()];
    const cancelled = signingBasketResponseSchema.parse((await createBasket([c, d])).json()).basketId ?? "";
    const page = await openApprovalPage(app, await startAuthorisation(tpp, `${BASKETS}/${cancelled}/authorisations`, SESSION), {
      customerNumber: CUSTOMERS.ingrid,
    });
    const done = await submitScaPage(app, page, { action: "cancel" });
    expect(done.kind === "redirect" && done.query.code).toBe("SCA_INVALID");
    expect([await statusOf(c), await statusOf(d)]).toEqual(["RJCT", "RJCT"]);
    expect(await basketStatus(cancelled)).toBe("RJCT");
  });

  it("another TPP's basket is 404 RESOURCE_UNKNOWN, and the basket's authorisation of another basket too", async () => {
    const basketId = signingBasketResponseSchema.parse((await createBasket([await payment()])).json()).basketId ?? "";
    const otherTpp = issueTestTpp(app, {
      organizationIdentifier: "PSDNO-FSA-929292",
      organizationName: "Curious PISP AS",
      roles: ["PSP_PI"],
    });
    const unknown = {
      status: 404,
      code: "RESOURCE_UNKNOWN",
      path: "basketId",
      text: `The signing basket ${basketId} is unknown for this TPP`,
    };
    await rejected(() => otherTpp.get(`${BASKETS}/${basketId}`), unknown);
    await rejected(() => otherTpp.get(`${BASKETS}/${basketId}/status`), unknown);
    await rejected(() => otherTpp.request({ method: "DELETE", url: `${BASKETS}/${basketId}` }), unknown);
    await rejected(() => otherTpp.post(`${BASKETS}/${basketId}/authorisations`, undefined, authorisationHeaders("x")), unknown);
    const started = await tpp.post(`${BASKETS}/${basketId}/authorisations`, undefined, authorisationHeaders(SESSION));
    const authorisationId = started.json<{ authorisationId: string }>().authorisationId;
    expect((await tpp.get(`${BASKETS}/${basketId}/authorisations/${authorisationId}`)).json()).toEqual({ scaStatus: "received" });
    const another = signingBasketResponseSchema.parse((await createBasket([await payment()])).json()).basketId ?? "";
    expectPaymentError(await tpp.get(`${BASKETS}/${another}/authorisations/${authorisationId}`), {
      status: 404,
      code: "RESOURCE_UNKNOWN",
      path: "authorisationId",
      text: `The authorisation ${authorisationId} is unknown for this resource`,
    });
  });

  it("POST .../authorisations takes no input: anything but none or {} is 400 FORMAT_ERROR, judged before the basket is looked up", async () => {
    const noInput = { status: 400, code: "FORMAT_ERROR", text: "The request body must be empty (or {}): this operation takes no input" };
    const basketId = signingBasketResponseSchema.parse((await createBasket([await payment()])).json()).basketId ?? "";
    for (const sent of ["null", "[]", '"x"', { psuData: {} }]) {
      await rejected(() => tpp.post(`${BASKETS}/${basketId}/authorisations`, sent, authorisationHeaders(SESSION)), noInput);
    }
    await rejected(() => tpp.post(`${BASKETS}/unknown-basket/authorisations`, { psuData: {} }, authorisationHeaders(SESSION)), noInput);
    expect((await tpp.post(`${BASKETS}/${basketId}/authorisations`, {}, authorisationHeaders(SESSION))).statusCode).toBe(201);
  });
});
