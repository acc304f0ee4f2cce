/**
 * Races: two baskets for one payment, two approvals of one payment, a deletion against an
 * approval and against a batch run, and approvals draining one account. On PostgreSQL the
 * requests run truly at the same time (a pool of connections, row locks); on PGlite they are
 * serialised, and the outcome must be as correct.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { subtractAmounts } from "../../repositories/money";
import { createPaymentTransactionsRepository } from "../../repositories/payment-transactions-repository";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { CUSTOMERS, type ConsentResult, giveConsent } from "../../testing/ais-scenarios";
import {
  amountSequence,
  buildPaymentTestBank,
  createAndApprove,
  createPayment,
  domesticBody,
  loadTestAccounts,
  openApprovalPage,
  paymentHeaders,
  startAuthorisation,
} from "../../testing/payment-scenarios";
import { type ScaPage, submitScaPage } from "../../testing/sca-page-driver";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

const DOMESTIC = "/v1/payments/norwegian-domestic-credit-transfers";
const INSTANT = "/v1/payments/instant-norwegian-credit-transfers-straks";
const SESSION = "race";
const ROUNDS = 3;

// docs/interface/errors.md#statuses-by-code (409 CONFLICT), docs/interface/payments.md#lifecycle, docs/interface/signing-baskets.md#rules-in-the-sandbox (a payment in one basket only); issue: concurrency safety.
describe.each(testDatabaseKinds())("concurrent requests on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let per: ConsentResult;
  let accounts: Awaited<ReturnType<typeof loadTestAccounts>>;
  const nextAmount = amountSequence(70_000);
  const headers = () => paymentHeaders(per.psuId, SESSION);
  const perPayment = async (path: string, amount = nextAmount()) =>
    createPayment(tpp, path, domesticBody(accounts.perMain.bban, { instructedAmount: { currency: "NOK", amount } }), headers());
  const payments = () => createPaymentsRepository(app.bank.db);
  const bookedBalance = async (accountId: string) => (await createAccountsRepository(app.bank.db).findById(accountId))?.bookedBalance;
  const rowsOf = (paymentId: string) => createPaymentTransactionsRepository(app.bank.db).listByPayment(paymentId);
  const subtract = (balance: string | undefined, amount: string) => subtractAmounts("NOK", balance ?? "0", amount);
  const redirectOf = (page: ScaPage) => {
    if (page.kind !== "redirect") throw new Error(`expected a redirect, got page ${page.status}`);
    return page.query;
  };

  beforeAll(async () => {
    app = await buildPaymentTestBank(kind);
    tpp = createSignedTestClient(app);
    accounts = await loadTestAccounts(app);
    per = await giveConsent(app, tpp, { tppSessionId: SESSION, customerNumber: CUSTOMERS.per, resources: "all" });
  }, 120_000);
  afterAll(() => app.close());

  it("two identical initiations at the same time: one is made, the other is the logical duplicate (409 CONFLICT)", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = domesticBody(accounts.perMain.bban, { instructedAmount: { currency: "NOK", amount: nextAmount() } });
      const replies = await Promise.all([tpp.post(DOMESTIC, body, headers()), tpp.post(DOMESTIC, body, headers())]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    }
  });

  it("two baskets racing for a payment: exactly one gets it, the other is 409 CONFLICT and takes nothing", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b, c] = await Promise.all([perPayment(DOMESTIC), perPayment(DOMESTIC), perPayment(DOMESTIC)]);
      if (!a || !b || !c) throw new Error("payments missing");
      const replies = await Promise.all([
        tpp.post("/v1/signing-baskets", { paymentIds: [a.paymentId, b.paymentId] }, headers()),
        tpp.post("/v1/signing-baskets", { paymentIds: [b.paymentId, c.paymentId] }, headers()),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
      const winner = replies.find((reply) => reply.statusCode === 201)?.json<{ basketId: string }>().basketId;
      const loser = replies.find((reply) => reply.statusCode === 409);
      expect(loser?.json<{ tppMessages: { code: string }[] }>().tppMessages[0]?.code).toBe("CONFLICT");
      const rows = await payments().findByIds([a.paymentId, b.paymentId, c.paymentId]);
      const inBasket = rows.filter((row) => row.basketId !== null);
      expect(inBasket).toHaveLength(2);
      expect(new Set(inBasket.map((row) => row.basketId))).toEqual(new Set([winner]));
    }
  });

  it("two approvals of one instant payment: one approves it, the other ends with the failure redirect 409 CONFLICT; the money moves once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = await bookedBalance(accounts.perMain.id);
      const created = await perPayment(INSTANT, "10.00");
      const first = await openApprovalPage(app, await startAuthorisation(tpp, created.links.startAuthorisation ?? "", SESSION), {
        customerNumber: CUSTOMERS.per,
      });
      const second = await openApprovalPage(app, await startAuthorisation(tpp, created.links.startAuthorisation ?? "", SESSION), {
        customerNumber: CUSTOMERS.per,
      });
      const results = (
        await Promise.all([submitScaPage(app, first, { action: "confirm" }), submitScaPage(app, second, { action: "confirm" })])
      ).map(redirectOf);
      expect(results.filter((query) => query["psu-id"] === per.psuId)).toHaveLength(1);
      expect(results.filter((query) => query.code === "CONFLICT")).toEqual([
        expect.objectContaining({ system: "SCA", status: "409", message: "The payment can no longer be approved: its status is ACSC" }),
      ]);
      expect((await payments().findById(created.paymentId))?.status).toBe("ACSC");
      expect((await rowsOf(created.paymentId)).map((row) => row.amount)).toEqual(["-10.00", "-2.00"]);
      expect(await bookedBalance(accounts.perMain.id)).toBe(subtract(before, "12.00"));
    }
  });

  it("a DELETE racing the approval of an instant payment: exactly one of them takes effect, and the balance follows it", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS * 2; round++) {
      const before = await bookedBalance(accounts.perMain.id);
      const created = await perPayment(INSTANT, "20.00");
      const page = await openApprovalPage(app, await startAuthorisation(tpp, created.links.startAuthorisation ?? "", SESSION), {
        customerNumber: CUSTOMERS.per,
      });
      const [deleted, approved] = await Promise.all([
        tpp.request({ method: "DELETE", url: created.links.self ?? "" }),
        submitScaPage(app, page, { action: "confirm" }),
      ]);
      const query = redirectOf(approved);
      const status = (await payments().findById(created.paymentId))?.status;
      if (deleted.statusCode === 204) {
        // The deletion came first: the approval finds the payment cancelled.
        expect(query).toMatchObject({
          code: "CONFLICT",
          status: "409",
          message: "The payment can no longer be approved: its status is CANC",
        });
        expect(status).toBe("CANC");
        expect(await rowsOf(created.paymentId)).toEqual([]);
        expect(await bookedBalance(accounts.perMain.id)).toBe(before);
      } else {
        // The approval came first and settled it: a final payment cannot be deleted.
        expect(deleted.statusCode).toBe(405);
        expect(deleted.json<{ tppMessages: { code: string; text: string }[] }>().tppMessages[0]).toMatchObject({
          code: "CONFLICT",
          text: expect.stringContaining("final status ACSC"),
        });
        expect(query["psu-id"]).toBe(per.psuId);
        expect(status).toBe("ACSC");
        expect(await bookedBalance(accounts.perMain.id)).toBe(subtract(before, "22.00"));
      }
      outcomes.add(status ?? "");
    }
    expect([...outcomes].every((status) => status === "CANC" || status === "ACSC")).toBe(true);
  });

  it("a DELETE racing the batch run that settles the payment: cancelled with nothing booked, or settled and not deleted", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = await bookedBalance(accounts.perMain.id);
      const { paymentId } = await createAndApprove(
        app,
        tpp,
        {
          path: DOMESTIC,
          body: domesticBody(accounts.perMain.bban, { instructedAmount: { currency: "NOK", amount: "30.00" } }),
          headers: headers(),
        },
        { customerNumber: CUSTOMERS.per },
      );
      const [deleted, run] = await Promise.all([
        tpp.request({ method: "DELETE", url: `${DOMESTIC}/${paymentId}` }),
        tpp.post("/v1/sandbox/batch-runs"),
      ]);
      expect(run.statusCode).toBe(200);
      const status = (await payments().findById(paymentId))?.status;
      if (deleted.statusCode === 204) {
        expect(status).toBe("CANC");
        expect(await rowsOf(paymentId)).toEqual([]);
        expect(await bookedBalance(accounts.perMain.id)).toBe(before);
      } else {
        expect(deleted.statusCode).toBe(405);
        expect(status).toBe("ACSC");
        expect((await rowsOf(paymentId)).map((row) => [row.status, row.amount])).toEqual([["booked", "-30.00"]]);
        expect(await bookedBalance(accounts.perMain.id)).toBe(subtract(before, "30.00"));
      }
    }
  });

  it("approvals of instant payments at the same time never spend more than the account holds", async () => {
    const account = accounts.perMain;
    const set = await tpp.put(`/v1/sandbox/accounts/${account.id}/balances`, { balanceAmount: { currency: "NOK", amount: "1000.00" } });
    expect(set.statusCode, set.body).toBe(200);
    // Four alike payments: logical duplicates of each other, made on purpose.
    const body = domesticBody(account.bban, { instructedAmount: { currency: "NOK", amount: "400.00" } });
    const created = await Promise.all(
      Array.from({ length: 4 }, () => createPayment(tpp, `${INSTANT}?allowLogicalDuplicate=true`, body, headers())),
    );
    const pages = [];
    for (const payment of created) {
      pages.push(
        await openApprovalPage(app, await startAuthorisation(tpp, payment.links.startAuthorisation ?? "", SESSION), {
          customerNumber: CUSTOMERS.per,
        }),
      );
    }
    const results = (await Promise.all(pages.map((page) => submitScaPage(app, page, { action: "confirm" })))).map(redirectOf);
    expect(results.filter((query) => query["psu-id"] === per.psuId)).toHaveLength(2);
    expect(results.filter((query) => query.code === "PAYMENT_FAILED")).toHaveLength(2);
    const statuses = (await payments().findByIds(created.map((payment) => payment.paymentId)))
      .map((row) => `${row.status}:${String(row.fundsAvailable)}`)
      .sort();
    expect(statuses).toEqual(["ACSC:true", "ACSC:true", "RJCT:false", "RJCT:false"]);
    expect(await bookedBalance(account.id)).toBe("196.00");
  });
});
