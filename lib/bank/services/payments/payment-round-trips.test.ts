import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMERS, giveConsent, presentHeaders } from "../../testing/ais-scenarios";
import { countStatements } from "../../testing/count-statements";
import {
  amountSequence,
  buildPaymentTestBank,
  createAndApprove,
  domesticBody,
  loadTestAccounts,
  paymentHeaders,
} from "../../testing/payment-scenarios";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

const PATH = "/v1/payments/norwegian-domestic-credit-transfers";

// A payment's creation is decided in one statement and stored in one more, without a transaction of
// its own (the TPP's registration, the lock on the duplicate key and the look for a duplicate, the
// payment: payments-repository.ts's store), both prepared; the status the app polls is one statement.
describe.each(testDatabaseKinds())("round trips of a payment's creation and status, on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let psuId: string;
  let debtorBban: string;
  const nextAmount = amountSequence(10_000);

  beforeAll(async () => {
    app = await buildPaymentTestBank(kind);
    tpp = createSignedTestClient(app);
    ({ psuId } = await giveConsent(app, tpp, { tppSessionId: "trips", customerNumber: CUSTOMERS.ingrid }));
    debtorBban = (await loadTestAccounts(app)).ingridMain.bban;
  }, 120_000);
  afterAll(() => app.close());

  const create = () =>
    tpp.post(
      PATH,
      domesticBody(debtorBban, { instructedAmount: { currency: "NOK", amount: nextAmount() } }),
      paymentHeaders(psuId, "trips"),
    );

  it("a PSU-present domestic payment's creation", async () => {
    expect((await create()).statusCode).toBe(201);
    const counter = countStatements(app);
    try {
      const response = await create();
      expect(response.statusCode, response.body).toBe(201);
      const { statements } = counter;
      expect(statements, statements.join("\n")).toHaveLength(2);
      // The PSU, the debtor account and the creditors' KID flags: one statement; then the payment
      // stored: one statement. Both prepared (on PGlite kept parsed and planned).
      if (kind === "pglite") expect(statements).toEqual(["(execute a named statement)", "(execute a named statement)"]);
      else expect(statements[1]).toMatch(/^with "registered_tpp" as \(insert into "tpps"[^]*payment_duplicate_key_checked\(/);
    } finally {
      counter.stop();
    }
  });

  it("an approved payment's status", async () => {
    const approved = await createAndApprove(
      app,
      tpp,
      {
        path: PATH,
        body: domesticBody(debtorBban, { instructedAmount: { currency: "NOK", amount: nextAmount() } }),
        headers: paymentHeaders(psuId, "trips"),
      },
      { customerNumber: CUSTOMERS.ingrid },
    );
    const statusPath = `${PATH}/${approved.paymentId}/status`;
    expect((await tpp.get(statusPath, presentHeaders(psuId, "trips"))).statusCode).toBe(200);
    const counter = countStatements(app);
    try {
      const response = await tpp.get(statusPath, presentHeaders(psuId, "trips"));
      expect(response.statusCode, response.body).toBe(200);
      expect(counter.statements, counter.statements.join("\n")).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });
});
