import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionsResponseSchema } from "../../../psd2/schemas";
import { createTransactionsRepository } from "../../repositories/transactions-repository";
import { CUSTOMERS, giveConsent, ids, presentHeaders } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

// docs/interface/accounts.md#accounts-balances-transactions: with the known-issue switch off, pending transactions are filtered and paged like booked ones.
describe.each(testDatabaseKinds())("transaction listing with the pending known issue switched off, on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let psuId: string;
  const main = ids.account(CUSTOMERS.ingrid, 1);

  beforeAll(async () => {
    app = await buildTestBank(kind, { BANK_PENDING_KNOWN_ISSUE: "false" });
    tpp = createSignedTestClient(app);
    psuId = (await giveConsent(app, tpp, { tppSessionId: "fixed", customerNumber: CUSTOMERS.ingrid })).psuId;
  }, 120_000);
  afterAll(() => app.close());

  async function read(url: string) {
    const response = await tpp.get(url, presentHeaders(psuId, "fixed"));
    expect(response.statusCode, response.body).toBe(200);
    const body = transactionsResponseSchema.parse(response.json());
    return {
      booked: (body.transactions.booked ?? []).map((t) => t.transactionId ?? ""),
      pending: (body.transactions.pending ?? []).map((t) => t.transactionId ?? ""),
      links: Object.fromEntries(Object.entries(body.transactions._links ?? {}).map(([name, link]) => [name, link.href])),
    };
  }

  it("pending is limited and filtered by dates", async () => {
    const all = await createTransactionsRepository(app.bank.db).count(main, { status: "pending" });
    expect(all).toBeGreaterThan(1);
    const page = await read(`/v1/accounts/${main}/transactions?bookingStatus=pending&limit=1`);
    expect(page.pending).toHaveLength(1);
    expect(page.links.next).toBeDefined();
    expect((await read(`/v1/accounts/${main}/transactions?bookingStatus=pending&dateFrom=2025-01-01&dateTo=2025-01-31`)).pending).toEqual(
      [],
    );
  });

  it("both pages through the pending transactions, then the booked ones, each once, forwards and backwards", async () => {
    const repository = createTransactionsRepository(app.bank.db);
    const pendingCount = await repository.count(main, { status: "pending", dateFrom: "2025-12-01", dateTo: "2026-01-10" });
    const bookedCount = await repository.count(main, { status: "booked", dateFrom: "2025-12-01", dateTo: "2026-01-10" });
    const pages: Awaited<ReturnType<typeof read>>[] = [];
    let url: string | undefined = `/v1/accounts/${main}/transactions?bookingStatus=both&dateFrom=2025-12-01&limit=7`;
    while (url) {
      const page = await read(url);
      pages.push(page);
      expect(page.pending.length + page.booked.length).toBeLessThanOrEqual(7);
      url = page.links.next;
    }
    const pending = pages.flatMap((p) => p.pending);
    const booked = pages.flatMap((p) => p.booked);
    expect(pending).toHaveLength(pendingCount);
    expect(booked).toHaveLength(bookedCount);
    expect(new Set([...pending, ...booked]).size).toBe(pendingCount + bookedCount);
    // the first page starts with the pending ones
    expect(pages[0]?.pending.length).toBe(Math.min(7, pendingCount));
    // a bare offset lands on the same rows, across the two segments
    const sequence = pages.flatMap((p) => [...p.pending, ...p.booked]);
    const byOffset = await read(
      `/v1/accounts/${main}/transactions?bookingStatus=both&dateFrom=2025-12-01&limit=7&offset=${pendingCount - 1}`,
    );
    expect([...byOffset.pending, ...byOffset.booked]).toEqual(sequence.slice(pendingCount - 1, pendingCount + 6));
    // previous from the second page is the first page
    const back = await read(pages[1]?.links.previous ?? "");
    expect([...back.pending, ...back.booked]).toEqual(sequence.slice(0, 7));
  });
});
