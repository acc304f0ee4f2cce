/**
 * lib/tpp/sandbox against a real sandbox bank (its own process): every operation of the control
 * room through the one signed client, made for nobody in particular (the app user only, no PSU
 * headers), each reply read with lib/psd2's schema; a refusal is the bank's AspspError with its
 * tppMessages; and the scenario presets.
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, BANK_TIME_ZONE, dateInZone, instantAt, toZonedIso } from "../../psd2/time";
import { formatWallClock } from "../format-wall-clock";
import { appendMod11CheckDigit } from "../../psd2/validation";
import type { BankAccount } from "../ais/ais-types";
import { AspspError } from "../errors";
import { createTestAspspClient, type TestAspspClient } from "../testing/create-test-aspsp-client";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { addAccountTransactions } from "./add-account-transactions";
import { addCardTransactions } from "./add-card-transactions";
import { createAccount } from "./create-account";
import { createAgreement } from "./create-agreement";
import { createCardAccount } from "./create-card-account";
import { createCustomer } from "./create-customer";
import { getCustomer } from "./get-customer";
import { getSandboxClock } from "./get-sandbox-clock";
import { initializeSandbox } from "./initialize-sandbox";
import { listCustomers } from "./list-customers";
import { moveSandboxClock } from "./move-sandbox-clock";
import { listNextBatchRuns } from "./next-batch-runs";
import { runBatch } from "./run-batch";
import { runScenario } from "./run-scenario";
import { sandboxCallerOf } from "./sandbox-caller";
import type { SandboxContext } from "./sandbox-context";
import { setAccountBalance } from "./set-account-balance";
import { setCardAccountBalance } from "./set-card-account-balance";

const INGRID = "13039319955";

/** A valid organisation number (MOD11, never "-"), different on each call. */
let organisationSeed = 91_234_560;
function organisationNumber(): string {
  for (;;) {
    organisationSeed += 1;
    const candidate = appendMod11CheckDigit(String(organisationSeed));
    if (!candidate.endsWith("-")) return candidate;
  }
}

async function refusal(promise: Promise<unknown>): Promise<AspspError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (error instanceof AspspError) return error;
  throw new Error(`expected the bank's refusal, got ${String(error)}`);
}

describe("lib/tpp/sandbox against the sandbox bank", () => {
  let bank: SandboxBank;
  let tpp: TestAspspClient;
  let ctx: SandboxContext;

  beforeAll(async () => {
    bank = await startSandboxBank();
    tpp = await createTestAspspClient(bank.url);
    ctx = { client: tpp.client, caller: { userId: "user-1" } };
  });
  afterAll(async () => {
    await tpp?.client.close();
    await bank?.close();
  });

  it("sandbox calls carry the app user for the inspector and no PSU header", async () => {
    const reply = await getSandboxClock(ctx);
    expect(reply).toMatchObject({ method: "GET", path: "/v1/sandbox/clock", status: 200 });
    const exchange = tpp.lastExchange("GET", /^\/v1\/sandbox\/clock$/);
    expect(exchange.userId).toBe("user-1");
    expect(exchange.requestId).toBe(reply.requestId);
    const sent = exchange.requestHeaders.map(([name]) => name.toLowerCase());
    expect(sent.filter((name) => name.startsWith("psu-"))).toEqual([]);
  });

  it("sandbox calls send TPP-Redirect-Preferred as the user chose (sandboxCallerOf), the clock read and moves included", async () => {
    for (const redirectPreferred of [false, true]) {
      const userCtx: SandboxContext = { client: tpp.client, caller: sandboxCallerOf({ id: "user-2", redirectPreferred }) };
      await getSandboxClock(userCtx);
      expect(tpp.sentHeaders("GET", /^\/v1\/sandbox\/clock$/)["tpp-redirect-preferred"]).toBe(String(redirectPreferred));
      await listCustomers(userCtx);
      expect(tpp.sentHeaders("GET", /^\/v1\/sandbox\/customers$/)["tpp-redirect-preferred"]).toBe(String(redirectPreferred));
      await runBatch(userCtx);
      expect(tpp.lastExchange("POST", /^\/v1\/sandbox\/batch-runs$/).userId).toBe("user-2");
      expect(tpp.sentHeaders("POST", /^\/v1\/sandbox\/batch-runs$/)["tpp-redirect-preferred"]).toBe(String(redirectPreferred));
    }
  });

  it("the clock: set frozen, advance, release, reset; the next five batch runs from its schedule", async () => {
    // Tomorrow at 08:30 in Oslo: a move forward runs every batch run it passes (5 a day), so the
    // clock goes no further than a day from the real time; the reset moves it back, running none.
    const day = addDays(dateInZone(new Date(), BANK_TIME_ZONE), 1);
    const at = (date: string, time: string) => instantAt(date, time, BANK_TIME_ZONE).toISOString();
    const set = await moveSandboxClock(ctx, { now: toZonedIso(instantAt(day, "08:30", BANK_TIME_ZONE), BANK_TIME_ZONE), frozen: true });
    expect(set.body).toMatchObject({ now: at(day, "08:30"), today: day, frozen: true });
    const clock = await getSandboxClock(ctx);
    expect(clock.body.batchSchedule.nextScheduledRun).toBe(at(day, "09:00"));
    expect(listNextBatchRuns(clock.body.batchSchedule, new Date(clock.body.now)).map((run) => run.toISOString())).toEqual([
      at(day, "09:00"),
      at(day, "12:00"),
      at(day, "15:00"),
      at(day, "19:00"),
      at(addDays(day, 1), "06:00"),
    ]);
    const advanced = await moveSandboxClock(ctx, { advance: "PT1H" });
    expect(advanced.body.now).toBe(at(day, "09:30"));
    expect(advanced.body.batchRuns.ran).toBe(1);
    expect((await moveSandboxClock(ctx, { frozen: false })).body.frozen).toBe(false);
    const reset = await moveSandboxClock(ctx, { reset: true });
    expect(reset.body).toMatchObject({ frozen: false, offsetSeconds: 0 });
  });

  it("a bad move is the bank's 400 naming the field", async () => {
    const error = await refusal(moveSandboxClock(ctx, { advance: "P1M" }));
    expect(error.status).toBe(400);
    expect(error.tppMessages[0]).toMatchObject({ code: "FORMAT_ERROR", path: "advance" });
  });

  it("a batch run now", async () => {
    const reply = await runBatch(ctx);
    expect(reply.status).toBe(200);
    expect(reply.body.ran).toBeGreaterThanOrEqual(1);
    expect(reply.body.runs.at(-1)).toMatchObject({ trigger: "demand", status: "completed" });
  });

  it("customers, accounts, card accounts, agreements, transactions and balances", async () => {
    const customers = await listCustomers(ctx);
    expect(customers.body.customers.map((customer) => customer.customerNumber)).toEqual(
      expect.arrayContaining([INGRID, "12085592767", "18129215603", "20079518612"]),
    );

    const customer = await createCustomer(ctx, { customerNumber: "01019012345", customerName: "Lie Eiendom", customerType: "CORPORATE" });
    expect(customer.status).toBe(201);
    expect(customer.location).toBe(`${bank.url}/v1/sandbox/customers/${customer.body.customerId}`);
    const conflict = await refusal(createCustomer(ctx, { customerNumber: "01019012345", customerName: "Again", customerType: "PRIVATE" }));
    expect(conflict.status).toBe(409);
    expect(conflict.tppMessages[0]?.code).toBe("CONFLICT");

    const account = await createAccount(ctx, {
      customerId: customer.body.customerId,
      name: "Driftskonto",
      balance: { currency: "NOK", amount: "1500.50" },
    });
    expect(account.body).toMatchObject({ name: "Driftskonto", balance: { currency: "NOK", amount: "1500.50" } });
    expect(account.body.bban).toMatch(/^\d{11}$/);

    const card = await createCardAccount(ctx, {
      customerId: customer.body.customerId,
      name: "Firmakort",
      creditLimit: { currency: "NOK", amount: "20000.00" },
    });
    expect(card.body).toMatchObject({ relatedAccountId: account.body.resourceId, creditLimit: { amount: "20000.00" } });

    const agreement = await createAgreement(ctx, {
      customerId: customer.body.customerId,
      name: "Lie Eiendom AS",
      organisationNumber: organisationNumber(),
      accountIds: [account.body.resourceId],
    });
    expect(agreement.body.engagements).toEqual([account.body.resourceId]);

    const added = await addAccountTransactions(ctx, account.body.resourceId, [
      { transactionAmount: { currency: "NOK", amount: "-349.90" }, creditorName: "REMA 1000" },
    ]);
    expect(added.body.account.balance).toEqual({ currency: "NOK", amount: "1150.60" });
    const foreign = await refusal(
      addAccountTransactions(ctx, account.body.resourceId, [
        { transactionAmount: { currency: "NOK", amount: "-1.00" }, debtorAccount: { bban: "38001574202" } },
      ]),
    );
    expect(foreign.tppMessages[0]).toMatchObject({ code: "FORMAT_ERROR", path: "[0].debtorAccount" });

    const bought = await addCardTransactions(ctx, card.body.resourceId, [
      {
        transactionAmount: { currency: "NOK", amount: "-580.25" },
        originalAmount: { currency: "EUR", amount: "-49.90" },
        merchantCategoryCode: "5812",
        transactionDetails: "TRATTORIA ROMA",
      },
    ]);
    expect(bought.body.cardTransactions[0]).toMatchObject({
      transactionDetails: "TRATTORIA ROMA",
      originalAmount: { currency: "EUR", amount: "-49.90" },
    });

    expect((await setAccountBalance(ctx, account.body.resourceId, { currency: "NOK", amount: "2500.00" })).body.balanceAmount).toEqual({
      currency: "NOK",
      amount: "2500.00",
    });
    expect((await setCardAccountBalance(ctx, card.body.resourceId, { currency: "NOK", amount: "-120.00" })).body.balanceAmount).toEqual({
      currency: "NOK",
      amount: "-120.00",
    });
    const wrongCurrency = await refusal(setAccountBalance(ctx, account.body.resourceId, { currency: "EUR", amount: "1.00" }));
    expect(wrongCurrency.tppMessages[0]).toMatchObject({ path: "balanceAmount.currency" });
    const unknown = await refusal(setAccountBalance(ctx, "no-such-account", { currency: "NOK", amount: "1.00" }));
    expect(unknown.status).toBe(404);

    const read = await getCustomer(ctx, customer.body.customerId);
    expect(read.body).toMatchObject({
      accounts: [account.body.resourceId],
      cardAccounts: [card.body.resourceId],
      agreements: [{ id: agreement.body.id }],
    });
  });

  it("short of funds: a consented current account, else the first private customer's first account, at NOK 10.00", async () => {
    const ingrid = (await listCustomers(ctx)).body.customers.find((customer) => customer.customerNumber === INGRID);
    const savings = ingrid?.accounts[1] ?? "";
    const main = ingrid?.accounts[0] ?? "";
    const consented: BankAccount[] = [
      {
        id: savings,
        name: "Sparekonto",
        iban: undefined,
        bban: "38009589705",
        bic: undefined,
        currency: "NOK",
        product: undefined,
        cashAccountType: "SVGS",
        status: "enabled",
        usage: "PRIV",
        ownerName: undefined,
        balances: undefined,
      },
      {
        id: main,
        name: "Brukskonto",
        iban: undefined,
        bban: "38001574202",
        bic: undefined,
        currency: "NOK",
        product: undefined,
        cashAccountType: "CACC",
        status: "enabled",
        usage: "PRIV",
        ownerName: undefined,
        balances: undefined,
      },
    ];
    const picked = await runScenario(ctx, "short-of-funds", { listConsentedAccounts: async () => consented });
    expect(picked.summary).toMatch(
      /^Brukskonto 38001574202 \(one of the accounts you share with this app\) now has a booked balance of NOK 10\.00/,
    );
    expect(picked.replies.map((reply) => `${reply.method} ${reply.path}`)).toEqual([`PUT /v1/sandbox/accounts/${main}/balances`]);

    const fallback = await runScenario(ctx, "short-of-funds");
    expect(fallback.summary).toContain(
      `Ingrid Marie Haugen's first account (${main}) (the first private customer's first account, as you have not connected your bank)`,
    );
    expect(fallback.replies.map((reply) => `${reply.method} ${reply.path}`)).toEqual([
      "GET /v1/sandbox/customers",
      `PUT /v1/sandbox/accounts/${main}/balances`,
    ]);

    // An approval that has ended: what the bank said, in one sentence, and how to use one's own account.
    const ended = new AspspError({
      status: 401,
      tppMessages: [{ category: "ERROR", code: "SCA_REQUIRED", text: "A new SCA is required" }],
      psuMessage: undefined,
      links: { scaRedirect: { href: "/sca/x", url: "http://bank.test/sca/x", verbs: [] } },
      requestId: "6f3c2a1e-8d4b-4c5a-9e7f-1a2b3c4d5e6f",
      tppSessionId: "s",
    });
    const expired = await runScenario(ctx, "short-of-funds", {
      listConsentedAccounts: async () => {
        throw ended;
      },
    });
    expect(expired.summary).toContain(
      `Ingrid Marie Haugen's first account (${main}) (the first private customer's first account, as your consented accounts could not be read: `,
    );
    expect(expired.summary).toContain(
      ", X-Request-ID 6f3c2a1e-8d4b-4c5a-9e7f-1a2b3c4d5e6f; open Accounts to approve at the bank again, then run this again to use one of yours)",
    );
    expect(expired.summary.match(/\(/g)?.length).toBe(2);
  });

  it("session expiry moves the clock an hour; end of day moves it to the next batch run and runs it", async () => {
    // Tomorrow at 10:30 in Oslo (not a fixed date months back: the reset would run every batch run since).
    const day = addDays(dateInZone(new Date(), BANK_TIME_ZONE), 1);
    const shown = formatWallClock(instantAt(day, "12:00", BANK_TIME_ZONE), { timeZone: BANK_TIME_ZONE });
    await moveSandboxClock(ctx, { now: toZonedIso(instantAt(day, "10:30", BANK_TIME_ZONE), BANK_TIME_ZONE), frozen: true });
    const expiry = await runScenario(ctx, "session-expiry");
    expect(expiry.summary).toContain(`${shown}, 11:30`);
    const endOfDay = await runScenario(ctx, "end-of-day");
    expect(endOfDay.replies.map((reply) => `${reply.method} ${reply.path}`)).toEqual([
      "GET /v1/sandbox/clock",
      "POST /v1/sandbox/clock",
      "POST /v1/sandbox/batch-runs",
    ]);
    expect((await getSandboxClock(ctx)).body.now).toBe(instantAt(day, "12:00", BANK_TIME_ZONE).toISOString());
    expect(endOfDay.summary).toMatch(
      new RegExp(`^The sandbox clock moved to the batch run of ${shown}, 12:00 \\(Oslo\\), which ran 1 batch run`),
    );
    await moveSandboxClock(ctx, { reset: true });
  });

  it("fresh start and initialise: the known state again, what was made by hand gone", async () => {
    const before = (await listCustomers(ctx)).body.customers.length;
    expect(before).toBeGreaterThan(4);
    const fresh = await runScenario(ctx, "fresh-start");
    expect(fresh.summary).toMatch(
      /^The sandbox is initialised for \d{4}-\d{2}-\d{2}: 4 customers, 8 accounts, 2 card accounts, 2 agreements/,
    );
    expect((await listCustomers(ctx)).body.customers).toHaveLength(4);
    expect((await initializeSandbox(ctx)).body).toMatchObject({ customers: 4, accounts: 8 });
  });
});
