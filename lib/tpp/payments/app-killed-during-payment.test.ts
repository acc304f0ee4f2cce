/**
 * The app's process killed (SIGKILL) at random points while it submits payments to a real sandbox
 * bank, then started again (issue 22, point 5): every payment the bank holds is in the app's list
 * exactly once, or (when the kill fell between the bank's answer and its record) listed once as
 * "sent, answer not received"; never both, never twice; no intent is left open after the restart.
 * Checked against the bank's own records (its database, read after it stopped).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMERS } from "../pis/pis.test-support";
import { type AppProcess, type AppProcessRun, bundleAppProcess } from "../testing/app-process";
import { createTestAspspClient } from "../testing/create-test-aspsp-client";
import { createSandboxAccount, findSandboxCustomer } from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import {
  createTppScratchDatabase,
  type TppScratchDatabase,
  type TppTestDatabaseKind,
  tppTestDatabaseKinds,
} from "../testing/test-database";
import { createBankIntentsRepository } from "./bank-intents";
import { insertTestUser } from "./intents.test-support";
import { createPaymentsRepository } from "./payments-repository";

const KINDS = tppTestDatabaseKinds();
/** Kills on each database: each is a process start, a few payments and a restart's settlement. */
const TRIALS = 20;
/** The longest a submitting process runs after its first payment began before it is killed: a few payments' worth. */
const KILL_WITHIN_MS = 1_200;

async function until(run: AppProcessRun, test: (lines: readonly string[]) => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test(run.lines)) {
    if (run.child.exitCode !== null) throw new Error(`the submitter exited early:\n${run.lines.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`the submitter did not get there in time:\n${run.lines.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The submitter's bundle, made once for the file's databases. */
let submitter: AppProcess | undefined;
beforeAll(async () => {
  submitter = await bundleAppProcess("lib/tpp/testing/payment-submitter.ts");
}, 120_000);
afterAll(() => submitter?.remove());

describe.each(KINDS)("the app killed during payment submission, on %s", (kind: TppTestDatabaseKind) => {
  const work = mkdtempSync(path.join(tmpdir(), "tpp-kill-"));
  const bankDir = path.join(work, "bank");
  let bank: SandboxBank | undefined;
  let target = "";
  let scratch: TppScratchDatabase | undefined;
  let userId = "";
  let bban = "";

  beforeAll(async () => {
    bank = await startSandboxBank({ env: { BANK_DATA_DIR: bankDir } });
    const direct = await createTestAspspClient(bank.url);
    const customer = await findSandboxCustomer(direct.client, CUSTOMERS.ingrid);
    bban = (
      await createSandboxAccount(direct.client, {
        customerId: customer.customerId,
        name: "Kill test",
        balance: { amount: "90000.00", currency: "NOK" },
      })
    ).bban;
    await direct.client.close();
    scratch = await createTppScratchDatabase(kind, work);
    target = scratch.target;
    const database = await scratch.open();
    userId = await insertTestUser(database.db);
    await database.close();
  }, 120_000);

  afterAll(async () => {
    await bank?.close();
    await scratch?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it(`${TRIALS} kills at random points, each followed by a restart: every payment the bank holds is listed exactly once`, async () => {
    if (bank === undefined || submitter === undefined) throw new Error("not started");
    const runSubmitter = submitter.start;
    const env = (first: number, count: number) => ({
      SUBMITTER_DATABASE: target,
      SUBMITTER_BANK_URL: bank?.url ?? "",
      SUBMITTER_USER_ID: userId,
      SUBMITTER_BBAN: bban,
      SUBMITTER_FIRST_CENTS: String(first),
      SUBMITTER_COUNT: String(count),
    });
    let killedWhileSending = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const run = runSubmitter(env(100_000 + trial * 1_000, 500));
      // Started (earlier orphans settled, as at the app's start) and sending; then killed at a random moment of its payments.
      await until(run, (lines) => lines.some((line) => line.startsWith("sending ")), 60_000);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * KILL_WITHIN_MS)));
      run.child.kill("SIGKILL");
      await run.ended;
      const last = run.lines.filter((line) => /^(sending|kept|refused) /.test(line)).at(-1);
      if (last?.startsWith("sending ")) killedWhileSending += 1;
      expect(run.lines.filter((line) => line.startsWith("refused "))).toEqual([]);
    }
    // The last restart: it settles what the last kill left.
    const final = runSubmitter(env(0, 0));
    await final.ended;
    expect(final.child.exitCode, final.lines.join("\n")).toBe(0);

    // The bank's own records: its database, read after it stopped.
    await bank.close();
    bank = undefined;
    const bankDb = new PGlite(bankDir);
    const atBank = (
      await bankDb.query<{ id: string; amount: string }>(
        "select id, request->'instructedAmount'->>'amount' as amount from payments where request->'debtorAccount'->>'bban' = $1",
        [bban],
      )
    ).rows;
    await bankDb.close();

    if (scratch === undefined) throw new Error("not started");
    const database = await scratch.open();
    // Every page of the list (a loaded machine sends more payments between the kills).
    const repository = createPaymentsRepository(database.db);
    const kept: Awaited<ReturnType<typeof repository.list>>["items"][number][] = [];
    for (let before: string | undefined, first = true; first || before !== undefined; first = false) {
      const page = await repository.list(userId, { limit: 200, ...(before === undefined ? {} : { before }) });
      kept.push(...page.items);
      before = page.nextCursor;
    }
    const intents = createBankIntentsRepository(database.db);
    const awaiting = await intents.listAwaiting(userId, { limit: 1_000 });
    const stillOpen = (await intents.listOpen(new Date(Date.now() + 60_000), 1_000)).filter((intent) => intent.userId === userId);
    await database.close();

    expect(stillOpen).toEqual([]);
    const keptIds = kept.map((record) => record.paymentId);
    expect(new Set(keptIds).size).toBe(keptIds.length);
    const bankIds = new Set(atBank.map((payment) => payment.id));
    for (const id of keptIds) expect(bankIds.has(id), `kept ${id} is not at the bank`).toBe(true);
    let unansweredAtBank = 0;
    for (const payment of atBank) {
      const keptHere = kept.filter((record) => record.paymentId === payment.id);
      const listedUnanswered = awaiting.filter((intent) => intent.kind === "payment" && intent.keep.amount?.amount === payment.amount);
      expect(keptHere.length + listedUnanswered.length, `bank payment ${payment.id} (NOK ${payment.amount})`).toBe(1);
      if (listedUnanswered.length === 1) unansweredAtBank += 1;
    }
    // Most kills land while a payment is under way (between two payments is only a line of output).
    expect(killedWhileSending).toBeGreaterThan(TRIALS / 2);
    expect(atBank.length).toBeGreaterThan(0);
    console.log(
      `${kind}: ${TRIALS} kills (${killedWhileSending} while a payment was under way); the bank holds ${atBank.length} payments of the account: ${atBank.length - unansweredAtBank} in the app's list, ${unansweredAtBank} listed as sent, answer not received; ${awaiting.length - unansweredAtBank} listed as sent, answer not received are not at the bank (killed before the request left)`,
    );
  }, 900_000);
});
