import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema, scaRedirectResponseSchema } from "../psd2/schemas";
import { CUSTOMERS, giveConsent, ids, scaHeaders } from "./testing/ais-scenarios";
import { type BankProcess, spawnBundledBankProcess, waitForHealth } from "../../testing/bank-process";
import { httpInjector, sendRequest } from "./testing/bank-process";
import { openScaLink } from "./testing/sca-page-driver";
import { readSharedFile } from "./testing/shared-test-pki";
import { createSignedTestClient, type SignedTestClient } from "./testing/signed-test-client";
import { testDatabaseKinds } from "./testing/test-database";

const trustAnchors = new URL("../../test-vectors/signature/keys/trusted-cas.pem", import.meta.url).pathname;

/**
 * The pids of the processes that logged the requests to this path made since `mark` (a count of
 * log lines; Fastify's "incoming request" lines). The lines come through a pipe, so a reply can
 * reach the test before its worker's line does: this waits (up to 10 s) until `count` of them are in.
 */
async function pidsServing(bank: BankProcess, path: (url: string) => boolean, count: number, mark = 0): Promise<Set<number>> {
  const serving = () =>
    bank
      .log()
      .slice(mark)
      .filter((line) => line.msg === "incoming request" && path(String((line.req as { url?: unknown } | undefined)?.url ?? "")));
  const deadline = Date.now() + 10_000;
  while (serving().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return new Set(serving().map((line) => Number(line.pid)));
}

describe("BANK_WORKERS on PGlite", () => {
  it("is refused at start with one line naming the variable and what to do", async () => {
    const bank = await spawnBundledBankProcess({ BANK_DATA_DIR: "memory", BANK_WORKERS: "2" });
    expect(await bank.exited).toBe(1);
    expect(bank.lines()).toEqual([
      'bank: BANK_WORKERS: must be 1 with PGlite (BANK_DATA_DIR), whose database only one process can open; set BANK_DATABASE_URL to run several workers on PostgreSQL (got "2")',
    ]);
  });
});

// Two bank processes on one PostgreSQL behind one port: each rule that spans requests holds
// when the requests land on different workers (each request on a connection of its own, which
// the cluster hands to the workers in turn; the log's pids show where each one landed).
describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))("two bank workers on %s", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `bank_workers_${process.pid}_${randomBytes(4).toString("hex")}`;
  let bank: BankProcess;
  let tpp: SignedTestClient;
  const app = () => httpInjector(bank.url);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    bank = await spawnBundledBankProcess({
      BANK_DATABASE_URL: url.toString(),
      BANK_WORKERS: "2",
      BANK_TRUST_ANCHORS: trustAnchors,
      BANK_LOG_LEVEL: "info",
      // Batch runs only when asked: the test sees every one.
      BANK_BATCH_RUN_INTERVAL: "0",
    });
    await waitForHealth(bank);
    // Both workers listen before the tests begin.
    const deadline = Date.now() + 120_000;
    while (bank.log().filter((line) => String(line.msg).startsWith("Server listening")).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    tpp = createSignedTestClient(app());
    expect(readSharedFile("keys/tpp.cert.pem")).toContain("BEGIN CERTIFICATE");
  }, 180_000);

  afterAll(async () => {
    const ended = await bank?.stop();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
    // SIGTERM stopped the primary and both workers cleanly.
    expect(ended).toBe(0);
  }, 60_000);

  it("a moved sandbox clock reads the same on every worker at once", async () => {
    const moved = await tpp.post("/v1/sandbox/clock", { now: "2026-12-01T10:15:00+01:00", frozen: true });
    expect(moved.statusCode, moved.body).toBe(200);
    const mark = bank.log().length;
    const healths = await Promise.all(Array.from({ length: 6 }, () => sendRequest(bank.url, { method: "GET", url: "/health" })));
    for (const health of healths) expect(health.json<{ clock: { now: string } }>().clock.now).toBe("2026-12-01T09:15:00.000Z");
    expect((await pidsServing(bank, (url) => url === "/health", 6, mark)).size).toBe(2);
  });

  it("an SCA link works once, opened on two workers at once", async () => {
    const started = await tpp.post("/v1/consents", {}, scaHeaders("workers-link"));
    expect(started.statusCode, started.body).toBe(201);
    const href = scaRedirectResponseSchema.parse(started.json())._links.scaRedirect.href;
    const path = new URL(href, bank.url).pathname;
    const visits = await Promise.all(Array.from({ length: 6 }, () => openScaLink(app(), href)));
    const statuses = visits.map((visit) => visit.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410]);
    expect((await pidsServing(bank, (url) => url.startsWith(path), 6)).size).toBe(2);
  });

  it("a consent given across workers reads 4 times a day without the PSU; the fifth and later are 429 on either worker", async () => {
    const { psuId } = await giveConsent(app(), tpp, { tppSessionId: "workers-absent", customerNumber: CUSTOMERS.per, resources: "all" });
    // The PSU has gone: the session hour is over.
    expect((await tpp.post("/v1/sandbox/clock", { advance: "PT2H" })).statusCode).toBe(200);
    const account = ids.account(CUSTOMERS.per, 1);
    const statuses: number[] = [];
    const codes: (string | undefined)[] = [];
    const mark = bank.log().length;
    for (let call = 0; call < 8; call++) {
      const read = await tpp.get(`/v1/accounts/${account}/balances`, { "PSU-ID": psuId });
      statuses.push(read.statusCode);
      if (read.statusCode !== 200) codes.push(errorResponseSchema.parse(read.json()).tppMessages[0]?.code);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect(codes).toEqual(["ACCESS_EXCEEDED", "ACCESS_EXCEEDED", "ACCESS_EXCEEDED", "ACCESS_EXCEEDED"]);
    expect((await pidsServing(bank, (url) => url === `/v1/accounts/${account}/balances`, 8, mark)).size).toBe(2);
  });

  it("a scheduled batch run that falls due runs once, though every worker is asked at once", async () => {
    // 08:59:59 Oslo, running: the 09:00 run falls due a second later, and nothing runs it until asked.
    expect((await tpp.post("/v1/sandbox/clock", { now: "2026-12-02T08:59:59+01:00", frozen: false })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const mark = bank.log().length;
    const replies = await Promise.all(Array.from({ length: 6 }, () => tpp.post("/v1/sandbox/batch-runs")));
    type Runs = { runs: { runAt: string; trigger: string }[] };
    const runs = replies.flatMap((reply) => {
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<Runs>().runs;
    });
    expect(runs.filter((run) => run.trigger === "schedule").map((run) => run.runAt)).toEqual(["2026-12-02T08:00:00.000Z"]);
    expect(runs.filter((run) => run.trigger === "demand")).toHaveLength(6);
    expect((await pidsServing(bank, (url) => url === "/v1/sandbox/batch-runs", 6, mark)).size).toBe(2);
  });

  it("a worker that dies is replaced, and the bank keeps answering", async () => {
    const workers = [...(await pidsServing(bank, () => true, 0))].filter((pid) => pid !== bank.child.pid);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    const victim = workers[0] ?? 0;
    process.kill(victim, "SIGKILL");
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && bank.log().filter((line) => String(line.msg).startsWith("Server listening")).length < 3) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(bank.log().some((line) => String(line.msg).startsWith(`worker ${victim} ended (SIGKILL)`))).toBe(true);
    const healths = await Promise.all(Array.from({ length: 4 }, () => sendRequest(bank.url, { method: "GET", url: "/health" })));
    expect(healths.map((health) => health.statusCode)).toEqual([200, 200, 200, 200]);
  }, 150_000);
});

// Two bank processes of their own (as on two machines behind a balancer) on one PostgreSQL,
// started at the same moment on an empty database.
describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))("two bank processes started at once on %s", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `bank_pair_${process.pid}_${randomBytes(4).toString("hex")}`;
  let banks: BankProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const settings = {
      BANK_DATABASE_URL: url.toString(),
      BANK_WORKERS: "1",
      BANK_TRUST_ANCHORS: trustAnchors,
      BANK_LOG_LEVEL: "warn",
      BANK_BATCH_RUN_INTERVAL: "0",
    };
    banks = await Promise.all([spawnBundledBankProcess(settings), spawnBundledBankProcess(settings)]);
    await Promise.all(banks.map((bank) => waitForHealth(bank)));
  }, 180_000);

  afterAll(async () => {
    for (const bank of banks) await bank.stop();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  }, 60_000);

  it("take turns at the first start: one CA, one seal and one sandbox for both", async () => {
    const [first, second] = await Promise.all(banks.map((bank) => sendRequest(bank.url, { method: "GET", url: "/portal/ca.pem" })));
    expect(first?.statusCode).toBe(200);
    expect(first?.body).toContain("BEGIN CERTIFICATE");
    expect(second?.body).toBe(first?.body);
    const admin = new pg.Client({ connectionString: new URL(`/${name}`, serverUrl).toString() });
    await admin.connect();
    try {
      expect((await admin.query("select count(*)::int as n from customers")).rows[0]).toEqual({ n: 4 });
    } finally {
      await admin.end();
    }
  });

  it("a clock moved on one reaches the other", async () => {
    const [one, other] = banks;
    if (!one || !other) throw new Error("two banks");
    const moved = await createSignedTestClient(httpInjector(one.url)).post("/v1/sandbox/clock", {
      now: "2026-12-03T12:00:00+01:00",
      frozen: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    let seen = "";
    for (let attempt = 0; attempt < 100 && seen !== "2026-12-03T11:00:00.000Z"; attempt++) {
      seen = (await sendRequest(other.url, { method: "GET", url: "/health" })).json<{ clock: { now: string } }>().clock.now;
      if (seen !== "2026-12-03T11:00:00.000Z") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe("2026-12-03T11:00:00.000Z");
  });
});
