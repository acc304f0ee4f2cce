import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { balancesResponseSchema, paymentStatusResponseSchema, transactionsResponseSchema } from "../../../psd2/schemas";
import { addAmounts, subtractAmounts } from "../../repositories/money";
import { createPaymentTransactionsRepository } from "../../repositories/payment-transactions-repository";
import { payments, signingBaskets } from "../../db/schema";
import { CUSTOMERS, giveConsent, presentHeaders } from "../../testing/ais-scenarios";
import {
  buildPaymentTestBank,
  createAndApprove,
  domesticBody,
  EXTERNAL_BBAN,
  loadTestAccounts,
  paymentHeaders,
  sepaBody,
} from "../../testing/payment-scenarios";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

const DOMESTIC = "/v1/payments/norwegian-domestic-credit-transfers";
const INSTANT = "/v1/payments/instant-norwegian-credit-transfers-straks";
const SEPA = "/v1/payments/sepa-credit-transfers";
const PERIODIC = "/v1/periodic-payments/norwegian-domestic-credit-transfers";
const BULK = "/v1/bulk-payments/norwegian-domestic-credit-transfers";

/** bookingStatus=all adds the rejected transactions (docs/interface/accounts.md#accounts-balances-transactions). */
const rejectedSchema = z.object({
  transactions: z.looseObject({ rejected: z.array(z.looseObject({ transactionId: z.string() })).optional() }),
});

type Balances = { closingBooked: string; expected: string; interimAvailable: string };
type Listing = {
  booked: { transactionId?: string; bookingDate?: string; transactionAmount: { amount: string }; debtorName?: string }[];
  pending: { transactionId?: string }[];
  rejected: { transactionId?: string }[];
};

// docs/interface/accounts.md#balances (balances, stable booked ids), docs/interface/payments.md#lifecycle (lifecycle on the sandbox clock, batch runs, periodic payments).
describe.each(testDatabaseKinds())("the payment lifecycle on the sandbox clock, on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let accounts: Awaited<ReturnType<typeof loadTestAccounts>>;
  let sessions = 0;
  const psuIds = new Map<string, string>();

  beforeAll(async () => {
    app = await buildPaymentTestBank(kind);
    tpp = createSignedTestClient(app);
    accounts = await loadTestAccounts(app);
  }, 120_000);
  afterAll(() => app.close());

  /** An SCA session of the customer now (the clock moves: an hour-old one has expired); its headers for reads. */
  async function present(customerNumber: string, corporate = false): Promise<Record<string, string | undefined>> {
    const tppSessionId = `lifecycle-${++sessions}`;
    const consent = await giveConsent(app, tpp, {
      tppSessionId,
      customerNumber,
      resources: "all",
      ...(corporate ? { context: "CORPORATE" as const } : {}),
    });
    psuIds.set(customerNumber, consent.psuId);
    return presentHeaders(consent.psuId, tppSessionId, consent.psuCorporateId ? { "PSU-Corporate-ID": consent.psuCorporateId } : {});
  }

  async function balancesOf(accountId: string, headers: Record<string, string | undefined>): Promise<Balances> {
    const response = await tpp.get(`/v1/accounts/${accountId}/balances`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const balances = balancesResponseSchema.parse(response.json()).balances;
    const amount = (type: string) => balances.find((balance) => balance.balanceType === type)?.balanceAmount.amount ?? "";
    return { closingBooked: amount("closingBooked"), expected: amount("expected"), interimAvailable: amount("interimAvailable") };
  }

  async function listingOf(accountId: string, headers: Record<string, string | undefined>): Promise<Listing> {
    const response = await tpp.get(`/v1/accounts/${accountId}/transactions?bookingStatus=all&dateFrom=2026-01-01`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const { transactions } = transactionsResponseSchema.parse(response.json());
    const { rejected } = rejectedSchema.parse(response.json()).transactions;
    return { booked: transactions.booked ?? [], pending: transactions.pending ?? [], rejected: rejected ?? [] };
  }

  const statusOf = async (statusHref: string) => paymentStatusResponseSchema.parse((await tpp.get(statusHref)).json());
  const paymentRows = (paymentId: string) => createPaymentTransactionsRepository(app.bank.db).listByPayment(paymentId);
  const moveTo = async (instant: string) => {
    const response = await tpp.post("/v1/sandbox/clock", { now: instant, frozen: true });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ batchRuns: { ran: number } }>().batchRuns;
  };
  const psuIdOf = (customerNumber: string) => psuIds.get(customerNumber) ?? "";

  it("a domestic payment is pending from its approval, booked by the next batch run with the same id; debtor and creditor balances follow", async () => {
    await moveTo("2026-01-12T09:30:00+01:00"); // Monday
    const ingrid = await present(CUSTOMERS.ingrid);
    const per = await present(CUSTOMERS.per);
    const before = await balancesOf(accounts.ingridMain.id, ingrid);
    const perBefore = await balancesOf(accounts.perMain.id, per);

    const body = domesticBody(accounts.ingridMain.bban, {
      instructedAmount: { currency: "NOK", amount: "1000.00" },
      creditorName: "Per Olav Dahl",
      creditorAccount: { bban: accounts.perMain.bban, currency: "NOK" },
    });
    const payment = await createAndApprove(
      app,
      tpp,
      { path: DOMESTIC, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "pay-1") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACTC" });
    const [reservation] = await paymentRows(payment.paymentId);
    expect(reservation).toMatchObject({ status: "pending", amount: "-1000.00", valueDate: "2026-01-12" });

    const reading = await present(CUSTOMERS.ingrid);
    const pending = await balancesOf(accounts.ingridMain.id, reading);
    expect(pending).toEqual({
      closingBooked: before.closingBooked,
      expected: subtractAmounts("NOK", before.expected, "1000.00"),
      interimAvailable: subtractAmounts("NOK", before.interimAvailable, "1000.00"),
    });
    expect((await listingOf(accounts.ingridMain.id, reading)).pending.map((t) => t.transactionId)).toContain(reservation?.id);

    // The 12:00 run settles it.
    const runs = await moveTo("2026-01-12T12:30:00+01:00");
    expect(runs.ran).toBe(1); // the 12:00 run
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACSC", fundsAvailable: true });
    const after = await present(CUSTOMERS.ingrid);
    const listing = await listingOf(accounts.ingridMain.id, after);
    expect(listing.pending.map((t) => t.transactionId)).not.toContain(reservation?.id);
    expect(listing.booked.find((t) => t.transactionId === reservation?.id)).toMatchObject({
      bookingDate: "2026-01-12",
      transactionAmount: { amount: "-1000.00" },
    });
    expect(await balancesOf(accounts.ingridMain.id, after)).toEqual({
      closingBooked: before.closingBooked,
      expected: subtractAmounts("NOK", before.expected, "1000.00"),
      interimAvailable: subtractAmounts("NOK", before.interimAvailable, "1000.00"),
    });
    const perAfter = await present(CUSTOMERS.per);
    expect((await balancesOf(accounts.perMain.id, perAfter)).expected).toBe(addAmounts("NOK", perBefore.expected, "1000.00"));
    const credit = (await listingOf(accounts.perMain.id, perAfter)).booked.find(
      (t) => t.debtorName === "Ingrid Marie Haugen" && t.transactionAmount.amount === "1000.00",
    );
    expect(credit).toMatchObject({ bookingDate: "2026-01-12" });

    // The next day, yesterday's booking is in closingBooked.
    await moveTo("2026-01-13T08:00:00+01:00");
    expect((await balancesOf(accounts.ingridMain.id, await present(CUSTOMERS.ingrid))).closingBooked).toBe(
      subtractAmounts("NOK", before.closingBooked, "1000.00"),
    );
  });

  it("a future-dated payment is PDNG until the 06:00 run of its date", async () => {
    const body = domesticBody(accounts.ingridMain.bban, {
      instructedAmount: { currency: "NOK", amount: "321.00" },
      requestedExecutionDate: "2026-01-15",
    });
    const payment = await createAndApprove(
      app,
      tpp,
      { path: DOMESTIC, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "pay-2") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "PDNG" });
    await moveTo("2026-01-14T20:00:00+01:00");
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "PDNG" });
    await moveTo("2026-01-15T06:30:00+01:00");
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACSC", fundsAvailable: true });
    expect(await paymentRows(payment.paymentId)).toMatchObject([
      { status: "booked", bookingDate: "2026-01-15", valueDate: "2026-01-15", amount: "-321.00" },
    ]);
  });

  it("a payment the funds do not cover is RJCT with fundsAvailable false at the run; its reservation is a rejected transaction", async () => {
    const ingrid = await present(CUSTOMERS.ingrid);
    const before = await balancesOf(accounts.ingridMain.id, ingrid);
    const body = domesticBody(accounts.ingridMain.bban, { instructedAmount: { currency: "NOK", amount: "5000000.00" } });
    const payment = await createAndApprove(
      app,
      tpp,
      { path: DOMESTIC, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "pay-3") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACTC" });
    await moveTo("2026-01-15T09:30:00+01:00");
    expect(await statusOf(payment.statusHref)).toMatchObject({
      transactionStatus: "RJCT",
      fundsAvailable: false,
      psuMessage: "The payment was rejected: the account did not have enough funds.",
    });
    const reading = await present(CUSTOMERS.ingrid);
    const [row] = await paymentRows(payment.paymentId);
    expect(row).toMatchObject({ status: "rejected", amount: "-5000000.00" });
    expect((await listingOf(accounts.ingridMain.id, reading)).rejected.map((t) => t.transactionId)).toContain(row?.id);
    expect(await balancesOf(accounts.ingridMain.id, reading)).toEqual(before);
  });

  it("an instant payment between own accounts settles at approval on both, with its fee booked", async () => {
    const ingrid = await present(CUSTOMERS.ingrid);
    const main = await balancesOf(accounts.ingridMain.id, ingrid);
    const savings = await balancesOf(accounts.ingridSavings.id, ingrid);
    const body = domesticBody(accounts.ingridMain.bban, {
      instructedAmount: { currency: "NOK", amount: "500.00" },
      creditorName: "Ingrid Marie Haugen",
      creditorAccount: { bban: accounts.ingridSavings.bban, currency: "NOK" },
    });
    const payment = await createAndApprove(
      app,
      tpp,
      { path: INSTANT, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "pay-4") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACSC", fundsAvailable: true });
    expect(await paymentRows(payment.paymentId)).toMatchObject([
      { accountId: accounts.ingridMain.id, status: "booked", amount: "-500.00", proprietaryCode: "Overføring", bookingDate: "2026-01-15" },
      { accountId: accounts.ingridMain.id, status: "booked", amount: "-2.00", proprietaryCode: "Gebyr" },
      { accountId: accounts.ingridSavings.id, status: "booked", amount: "500.00", proprietaryCode: "Overføring" },
    ]);
    const reading = await present(CUSTOMERS.ingrid);
    expect((await balancesOf(accounts.ingridMain.id, reading)).expected).toBe(subtractAmounts("NOK", main.expected, "502.00"));
    expect((await balancesOf(accounts.ingridSavings.id, reading)).expected).toBe(addAmounts("NOK", savings.expected, "500.00"));
  });

  it("a SEPA credit transfer in EUR is debited in NOK at the sandbox rate", async () => {
    const body = sepaBody(accounts.ingridMain.iban, { instructedAmount: { currency: "EUR", amount: "100.00" } });
    const payment = await createAndApprove(
      app,
      tpp,
      { path: SEPA, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "pay-5") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    await tpp.post("/v1/sandbox/batch-runs");
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACSC" });
    expect(await paymentRows(payment.paymentId)).toMatchObject([
      { status: "booked", amount: "-1150.00", currency: "NOK", proprietaryCode: "Utlandsbetaling" },
    ]);
  });

  it("a bulk payment: batchBookingPreferred books one debit for the sum, otherwise one per payment; sandbox creditors are credited", async () => {
    const sindre = await present(CUSTOMERS.sindre, true);
    const entry = (amount: string, bban: string) => ({
      instructedAmount: { currency: "NOK", amount },
      creditorName: "Leverandør",
      creditorAccount: { bban, currency: "NOK" },
      creditorAddress: { country: "NO" },
      remittanceInformationUnstructured: `Faktura ${amount}`,
    });
    const headers = paymentHeaders(sindre["PSU-ID"], "bulk", { "PSU-Corporate-ID": sindre["PSU-Corporate-ID"] });
    const bulkBody = (batchBookingPreferred: boolean, first: string) => ({
      batchBookingPreferred,
      debtorAccount: { bban: accounts.sindreMain.bban, currency: "NOK" },
      payments: [entry(first, accounts.perMain.bban), entry("200.00", EXTERNAL_BBAN)],
    });
    const batch = await createAndApprove(
      app,
      tpp,
      { path: BULK, body: bulkBody(true, "100.00"), headers },
      { customerNumber: CUSTOMERS.sindre },
    );
    const single = await createAndApprove(
      app,
      tpp,
      { path: BULK, body: bulkBody(false, "150.00"), headers },
      { customerNumber: CUSTOMERS.sindre },
    );
    expect(await paymentRows(batch.paymentId)).toMatchObject([{ status: "pending", amount: "-300.00", proprietaryCode: "Massebetaling" }]);
    await moveTo("2026-01-15T12:30:00+01:00");
    expect(await statusOf(batch.statusHref)).toMatchObject({ transactionStatus: "ACSC" });
    expect(await statusOf(single.statusHref)).toMatchObject({ transactionStatus: "ACSC" });
    expect(await paymentRows(batch.paymentId)).toMatchObject([
      { accountId: accounts.sindreMain.id, status: "booked", amount: "-300.00" },
      { accountId: accounts.perMain.id, status: "booked", amount: "100.00", debtorName: "Lie Snekkeri AS" },
    ]);
    expect(await paymentRows(single.paymentId)).toMatchObject([
      { accountId: accounts.sindreMain.id, status: "booked", amount: "-150.00", remittanceUnstructured: "Faktura 150.00" },
      { accountId: accounts.sindreMain.id, status: "booked", amount: "-200.00", creditorAccount: { bban: EXTERNAL_BBAN } },
      { accountId: accounts.perMain.id, status: "booked", amount: "150.00" },
    ]);
    const listing = await listingOf(accounts.sindreMain.id, await present(CUSTOMERS.sindre, true));
    expect(listing.booked.filter((t) => t.bookingDate === "2026-01-15").map((t) => t.transactionAmount.amount)).toEqual(
      expect.arrayContaining(["-300.00", "-150.00", "-200.00"]),
    );
  });

  it("a periodic payment is ACCP; each execution is booked on its business day; after the last one it is ACSC", async () => {
    const body = {
      ...domesticBody(accounts.ingridMain.bban, {
        instructedAmount: { currency: "NOK", amount: "777.00" },
        remittanceInformationUnstructured: "Husleie",
      }),
      startDate: "2026-01-31",
      endDate: "2026-03-31",
      frequency: "Monthly",
      dayOfExecution: "31",
      executionRule: "following",
    };
    const payment = await createAndApprove(
      app,
      tpp,
      { path: PERIODIC, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "periodic") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACCP" });
    expect(await paymentRows(payment.paymentId)).toEqual([]);
    // 31 January is a Saturday: the first execution is on Monday 2 February.
    await moveTo("2026-01-31T12:00:00+01:00");
    expect(await paymentRows(payment.paymentId)).toEqual([]);
    await moveTo("2026-02-02T06:30:00+01:00");
    expect(await paymentRows(payment.paymentId)).toMatchObject([
      { status: "booked", bookingDate: "2026-02-02", amount: "-777.00", remittanceUnstructured: "Husleie" },
    ]);
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACCP", fundsAvailable: true });
    // 28 February (the month's last day) is a Saturday too: 2 March; then Tuesday 31 March, the last.
    await moveTo("2026-04-01T12:00:00+02:00");
    expect((await paymentRows(payment.paymentId)).map((row) => row.bookingDate)).toEqual(["2026-02-02", "2026-03-02", "2026-03-31"]);
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACSC" });
    const listing = await listingOf(accounts.ingridMain.id, await present(CUSTOMERS.ingrid));
    expect(listing.booked.filter((t) => t.transactionAmount.amount === "-777.00").map((t) => t.bookingDate)).toEqual([
      "2026-03-31",
      "2026-03-02",
      "2026-02-02",
    ]);
  });

  it("a periodic execution the funds do not cover is rejected and the payment goes on; DELETE stops it", async () => {
    const body = {
      ...domesticBody(accounts.ingridSavings.bban, { instructedAmount: { currency: "NOK", amount: "9000000.00" } }),
      startDate: "2026-04-06",
      frequency: "Weekly",
      executionRule: "preceding",
    };
    const payment = await createAndApprove(
      app,
      tpp,
      { path: PERIODIC, body, headers: paymentHeaders(psuIdOf(CUSTOMERS.ingrid), "periodic-2") },
      { customerNumber: CUSTOMERS.ingrid },
    );
    // 6 April 2026 is Easter Monday: preceding would be before startDate, so the first execution is on Tuesday 7 April.
    await moveTo("2026-04-07T07:00:00+02:00");
    expect(await paymentRows(payment.paymentId)).toMatchObject([{ status: "rejected", valueDate: "2026-04-07" }]);
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "ACCP", fundsAvailable: false });
    expect((await tpp.request({ method: "DELETE", url: payment.statusHref.replace(/\/status$/, "") })).statusCode).toBe(204);
    await moveTo("2026-04-21T07:00:00+02:00");
    expect(await paymentRows(payment.paymentId)).toHaveLength(1);
    expect(await statusOf(payment.statusHref)).toMatchObject({ transactionStatus: "CANC" });
  });

  it("sandbox initialisation deletes payments and signing baskets", async () => {
    expect((await app.bank.db.select().from(payments)).length).toBeGreaterThan(5);
    const response = await tpp.post("/v1/sandbox/initialize", {});
    expect(response.statusCode, response.body).toBe(200);
    expect(await app.bank.db.select().from(payments)).toEqual([]);
    expect(await app.bank.db.select().from(signingBaskets)).toEqual([]);
  });
});
