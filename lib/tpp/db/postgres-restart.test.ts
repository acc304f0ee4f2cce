/**
 * PostgreSQL restarted while the app serves (issue 22, point 3): the app's own database code
 * (payments sent under an intent to a real sandbox bank, the payment list and history, the
 * request inspector, the user's row) runs in loops while a private PostgreSQL cluster is restarted
 * (pg_ctl restart -m fast), then stopped at once (-m immediate) and started again. Each step either
 * completes or fails with the app's own error in words (DATABASE_UNAVAILABLE), never the driver's;
 * the next steps succeed without a restart of the app (its pool drops the dead connections and
 * makes new ones); and the database holds nothing half-written.
 *
 * The shared server of TEST_DATABASE_URL is never restarted: the test runs its own cluster
 * (lib/tpp/testing/private-postgres.ts), wherever PostgreSQL's server programs are installed; with
 * TEST_DATABASE_URL set and no programs, it fails and says so.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRequestSigner } from "../../psd2/signing";
import { loadTrustAnchors } from "../../psd2/x509";
import type { AspspContext } from "../aspsp/aspsp-context";
import { type AspspClient, createAspspClient } from "../aspsp/create-aspsp-client";
import { describeError } from "../describe-error";
import { createBankCallsRepository } from "../inspector/bank-calls-repository";
import { createBankIntentsRepository } from "../payments/bank-intents";
import { initiateWithIntent } from "../payments/initiate-with-intent";
import { insertTestUser } from "../payments/intents.test-support";
import { createPaymentsRepository } from "../payments/payments-repository";
import { settleBankIntents } from "../payments/settle-bank-intents";
import { CUSTOMERS, domesticBody, PSU_PRESENT, TEST_TPP_ID } from "../pis/pis.test-support";
import { TEST_REDIRECT_URI } from "../testing/create-test-aspsp-client";
import { findPostgresBinaries, NO_POSTGRES_BINARIES, type PrivatePostgres, startPrivatePostgres } from "../testing/private-postgres";
import { createSandboxAccount, findSandboxCustomer } from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { testPki } from "../testing/test-pki";
import { createUsersRepository } from "../users/users-repository";
import { checkDatabase } from "./check-database";
import { type OpenedTppDatabase, openTppDatabase } from "./open-tpp-database";

const binaries = findPostgresBinaries();
/** Where the server's programs are, the test runs; where PostgreSQL is expected (TEST_DATABASE_URL), it must. */
const expected = binaries !== undefined || (process.env.TEST_DATABASE_URL ?? "") !== "";
/** Loops running the app's steps at once, as requests of several PSUs would. */
const WORKERS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  ok: number;
  /** Steps that failed with the app's own words for a database out of reach. */
  readonly unavailable: string[];
  /** Anything else: a driver's error, a refused payment, words that show a query. */
  readonly unexpected: string[];
}

describe.runIf(expected)("PostgreSQL restarted while the app serves", () => {
  let server: PrivatePostgres | undefined;
  let bank: SandboxBank | undefined;
  let database: OpenedTppDatabase | undefined;
  let databaseClosed = false;
  let client: AspspClient | undefined;
  let userId = "";
  let bban = "";
  const logged: string[] = [];

  beforeAll(async () => {
    if (binaries === undefined) throw new Error(`TEST_DATABASE_URL is set, so the restart test must run, but ${NO_POSTGRES_BINARIES}`);
    // Each kept as soon as it runs, so that afterAll stops it whatever fails next.
    const starting = startPrivatePostgres(binaries).then((started) => (server = started));
    bank = await startSandboxBank().finally(() => starting.catch(() => undefined));
    database = await openTppDatabase({ url: (await starting).url });
    userId = await insertTestUser(database.db);
    const bankCalls = createBankCallsRepository(database.db);
    client = createAspspClient({
      baseUrl: bank.url,
      signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
      redirectUri: TEST_REDIRECT_URI,
      trustAnchors: loadTrustAnchors(await (await fetch(`${bank.url}/portal/ca.pem`)).text()),
      requireSignedResponses: true,
      // As the app's recorder: every exchange into the request inspector.
      recorder: async (exchange) => {
        await bankCalls.insert(exchange);
      },
      log: (line) => logged.push(line),
    });
    const customer = await findSandboxCustomer(client, CUSTOMERS.ingrid);
    bban = (
      await createSandboxAccount(client, {
        customerId: customer.customerId,
        name: "Restart",
        balance: { amount: "90000.00", currency: "NOK" },
      })
    ).bban;
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    if (!databaseClosed) await database?.close();
    await Promise.all([bank?.close(), server?.close()]);
  });

  it("in-flight steps complete or fail in words, the app reconnects by itself, nothing is half-written", async () => {
    if (database === undefined || client === undefined || server === undefined) throw new Error("not started");
    const db = database.db;
    const payments = createPaymentsRepository(db);
    const intents = createBankIntentsRepository(db);
    const users = createUsersRepository(db);
    const bankCalls = createBankCallsRepository(db);
    const ctx = (): AspspContext => ({
      client: client as AspspClient,
      tppId: TEST_TPP_ID,
      caller: { userId, tppSessionId: randomUUID(), flowId: randomUUID(), psu: PSU_PRESENT },
    });
    let cents = 10_000;
    const pay = async () => {
      cents += 1;
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      const result = await initiateWithIntent(
        { intents, payments },
        ctx(),
        {
          service: "payments",
          product: "norwegian-domestic-credit-transfers",
          body: domesticBody(bban, amount),
          payer: { kind: "national-id", nationalId: CUSTOMERS.ingrid },
          debtor: { label: "Restart" },
        },
        { allowLogicalDuplicate: false },
      );
      if ("refused" in result) throw new Error(`payment ${amount} refused: ${JSON.stringify(result.refused)}`);
    };
    const steps: Record<string, () => Promise<unknown>> = {
      pay,
      list: () => payments.list(userId, { limit: 20 }),
      history: async () => {
        const [first] = (await payments.list(userId, { limit: 1 })).items;
        if (first !== undefined) await payments.history(userId, first.id);
      },
      inspector: () => bankCalls.list({ userId, limit: 20 }),
      user: async () => {
        if ((await users.findById(userId)) === undefined) throw new Error("the user is gone");
        await users.seeOverview(userId, new Date());
      },
    };

    const tally: Tally = { ok: 0, unavailable: [], unexpected: [] };
    const attempt = async (name: string, step: () => Promise<unknown>, into: Tally): Promise<void> => {
      try {
        await step();
        into.ok += 1;
      } catch (error) {
        const display = describeError(error);
        const words = display === undefined ? "" : `${display.title}. ${display.summary}`;
        if (display?.code === "DATABASE_UNAVAILABLE" && !/\b(select|insert|update|params)\b/i.test(words))
          into.unavailable.push(`${name}: ${words}`);
        else into.unexpected.push(`${name}: ${error instanceof Error ? error.stack : String(error)}`);
      }
    };
    /** Each step once, one after the other: all must succeed. */
    const everyStepSucceeds = async (when: string) => {
      const round: Tally = { ok: 0, unavailable: [], unexpected: [] };
      for (const [name, step] of Object.entries(steps)) await attempt(name, step, round);
      expect([...round.unavailable, ...round.unexpected], when).toEqual([]);
      expect(round.ok).toBe(Object.keys(steps).length);
    };

    const errors = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    let running = true;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (running) for (const [name, step] of Object.entries(steps)) if (running) await attempt(name, step, tally);
    });
    try {
      await everyStepSucceeds("before the restarts");
      await sleep(1_000);

      const beforeFast = tally.unavailable.length;
      await server.restart("fast");
      await everyStepSucceeds("after pg_ctl restart -m fast");
      await sleep(1_000);
      const duringFast = tally.unavailable.length - beforeFast;

      const beforeImmediate = tally.unavailable.length;
      await server.stop("immediate");
      // What GET /api/health (and through it the error page) says while the server is away, and after.
      expect(await checkDatabase(database.db, 3_000)).toEqual({ reachable: false, reason: "the connection was refused or broke" });
      await sleep(1_000);
      await server.start();
      await everyStepSucceeds("after pg_ctl stop -m immediate and start");
      expect(await checkDatabase(database.db, 3_000)).toEqual({ reachable: true });
      const duringImmediate = tally.unavailable.length - beforeImmediate;
      const okBeforeEnd = tally.ok;
      await sleep(1_000);
      expect(tally.ok, "the loops go on after the restarts").toBeGreaterThan(okBeforeEnd);

      running = false;
      await Promise.all(workers);
      expect(tally.unexpected).toEqual([]);
      // The database was away for a second: the loops met it, and said so in words.
      expect(duringImmediate).toBeGreaterThan(0);
      const sample = tally.unavailable.at(-1) ?? "";
      expect(sample).toMatch(/The app's database could not be reached\. .*Try again in a moment/);
      // What was logged is one line each, never a stack.
      for (const line of logged) expect(line, "a log line").not.toMatch(/\n\s+at /);
      console.log(
        `restart test: ${tally.ok} steps done, ${tally.unavailable.length} failed in words (${duringFast} around the fast restart, ${duringImmediate} around the immediate stop), ${logged.length} log lines`,
      );
    } finally {
      running = false;
      await Promise.all(workers);
      errors.mockRestore();
    }

    // Nothing half-written, read with SQL of its own.
    const check = new pg.Client({ connectionString: server.url });
    await check.connect();
    try {
      const count = async (sql: string) => Number((await check.query<{ n: string }>(sql)).rows[0]?.n);
      expect(await count("select count(*) as n from payments"), "payments were kept").toBeGreaterThan(0);
      expect(
        await count(
          "select count(*) as n from payments p where not exists (select 1 from payment_status_reads r where r.payment_id = p.id)",
        ),
        "a payment without its status history",
      ).toBe(0);
      expect(
        await count(
          "select count(*) as n from bank_intents i where i.state = 'completed' and not exists (select 1 from payments p where p.id = i.id)",
        ),
        "a completed intent without its payment",
      ).toBe(0);
      expect(
        await count("select count(*) as n from payments p join bank_intents i on i.id = p.id where i.state <> 'completed'"),
        "a payment whose intent is not completed",
      ).toBe(0);
      // What the database's absence left open (a 201 that could not be kept), settlement closes.
      await settleBankIntents({ db, before: new Date(Date.now() + 1_000) });
      expect(await count("select count(*) as n from bank_intents where state = 'open'"), "an intent left open after settlement").toBe(0);
      expect(
        await count(
          "select count(*) as n from bank_intents i where i.state = 'completed' and not exists (select 1 from payments p where p.id = i.id)",
        ),
      ).toBe(0);
    } finally {
      await check.end();
    }
    // No connection was lost to the pool (a client taken for a transaction and never given back would hold its end).
    databaseClosed = true;
    const closing = database.close().then(() => "closed");
    expect(await Promise.race([closing, sleep(5_000).then(() => "still waiting for connections")])).toBe("closed");
  }, 90_000);
});
