import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  balancesResponseSchema,
  cardTransactionsResponseSchema,
  errorResponseSchema,
  transactionDetailsResponseSchema,
  transactionsResponseSchema,
} from "../../../psd2/schemas";
import { CUSTOMERS, giveConsent, ids, presentHeaders } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { countStatements } from "../../testing/count-statements";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

// A signed read is authorised and answered in at most two round trips to the database.
describe.each(testDatabaseKinds())("round trips of a signed read, on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let psuId: string;
  const account = ids.account(CUSTOMERS.ingrid, 1);
  const savings = ids.account(CUSTOMERS.ingrid, 2);
  const card = ids.cardAccount(CUSTOMERS.ingrid);

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
    ({ psuId } = await giveConsent(app, tpp, { tppSessionId: "trips", customerNumber: CUSTOMERS.ingrid, resources: "all" }));
  }, 120_000);
  afterAll(() => app.close());

  /** Without PSU-IP-Address: the PSU is absent (its SCA is recent), and balances and transactions are counted. */
  const absentHeaders = () => ({ "PSU-ID": psuId });

  async function statementsOf(
    path: string,
    headers: Record<string, string | undefined> = presentHeaders(psuId, "trips"),
  ): Promise<{ statements: string[]; body: unknown }> {
    // A first read warms what the bank keeps across requests (the certificate's verdict).
    expect((await tpp.get(path, headers)).statusCode).toBe(200);
    const counter = countStatements(app);
    try {
      const response = await tpp.get(path, headers);
      expect(response.statusCode, response.body).toBe(200);
      // On PGlite every statement of a read is kept parsed and planned (prepared-reads.ts).
      if (kind === "pglite") for (const statement of counter.statements) expect(statement).toBe("(execute a named statement)");
      return { statements: [...counter.statements], body: response.json() };
    } finally {
      counter.stop();
    }
  }

  it("a PSU-present balances read", async () => {
    const { statements, body } = await statementsOf(`/v1/accounts/${account}/balances`);
    expect(balancesResponseSchema.parse(body).balances).toHaveLength(3);
    expect(statements, statements.join("\n")).toHaveLength(2);
  });

  it("a PSU-present transactions page, and the next one", async () => {
    const first = await statementsOf(`/v1/accounts/${account}/transactions?bookingStatus=booked`);
    expect(first.statements, first.statements.join("\n")).toHaveLength(2);
    const next = transactionsResponseSchema.parse(first.body).transactions._links?.next?.href;
    expect(next).toBeDefined();
    const second = await statementsOf(String(next));
    expect(second.statements, second.statements.join("\n")).toHaveLength(2);
  });

  it("a card account's transactions page, and the next one", async () => {
    const first = await statementsOf(`/v1/card-accounts/${card}/transactions?bookingStatus=booked&limit=2`);
    expect(first.statements, first.statements.join("\n")).toHaveLength(2);
    const body = cardTransactionsResponseSchema.parse(first.body);
    expect(body.cardTransactions.booked).toHaveLength(2);
    const next = body.cardTransactions._links?.next?.href;
    expect(next).toBeDefined();
    const second = await statementsOf(String(next));
    expect(second.statements, second.statements.join("\n")).toHaveLength(2);
  });

  it("a transaction's details", async () => {
    const page = await tpp.get(`/v1/accounts/${account}/transactions?bookingStatus=booked&limit=1`, presentHeaders(psuId, "trips"));
    const id = transactionsResponseSchema.parse(page.json()).transactions.booked?.[0]?.transactionId;
    expect(id).toBeDefined();
    const { statements, body } = await statementsOf(`/v1/accounts/${account}/transactions/${id}`);
    expect(transactionDetailsResponseSchema.parse(body).transactionsDetails.transactionId).toBe(id);
    expect(statements, statements.join("\n")).toHaveLength(2);
  });

  it("without the PSU: a balances read and a transactions page, each counted by its authorisation's statement", async () => {
    const balances = await statementsOf(`/v1/accounts/${account}/balances`, absentHeaders());
    expect(balancesResponseSchema.parse(balances.body).balances).toHaveLength(3);
    expect(balances.statements, balances.statements.join("\n")).toHaveLength(2);
    const transactions = await statementsOf(`/v1/accounts/${account}/transactions?bookingStatus=booked`, absentHeaders());
    expect(transactions.statements, transactions.statements.join("\n")).toHaveLength(2);
    const cardBalances = await statementsOf(`/v1/card-accounts/${card}/balances`, absentHeaders());
    expect(cardBalances.statements, cardBalances.statements.join("\n")).toHaveLength(2);
    const cardTransactions = await statementsOf(`/v1/card-accounts/${card}/transactions?bookingStatus=booked`, absentHeaders());
    expect(cardTransactions.statements, cardTransactions.statements.join("\n")).toHaveLength(2);

    // Two calls of each were made (statementsOf reads twice): two are left, then the refusal
    // costs one statement.
    for (let call = 3; call <= 4; call++)
      expect((await tpp.get(`/v1/accounts/${account}/balances`, absentHeaders())).statusCode, `call ${call}`).toBe(200);
    const counter = countStatements(app);
    try {
      const fifth = await tpp.get(`/v1/accounts/${account}/balances`, absentHeaders());
      expect(fifth.statusCode).toBe(429);
      expect(errorResponseSchema.parse(fifth.json()).tppMessages[0]).toMatchObject({ code: "ACCESS_EXCEEDED" });
      expect(counter.statements, counter.statements.join("\n")).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });

  it("without the PSU, 10 reads at once: exactly 4 are answered, the others are 429 ACCESS_EXCEEDED", async () => {
    const reads = await Promise.all(
      Array.from({ length: 10 }, () => tpp.get(`/v1/accounts/${savings}/transactions?bookingStatus=booked`, absentHeaders())),
    );
    const statuses = reads.map((read) => read.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    for (const read of reads.filter((r) => r.statusCode === 429)) {
      expect(errorResponseSchema.parse(read.json()).tppMessages[0]).toMatchObject({ code: "ACCESS_EXCEEDED" });
    }
  });
});
