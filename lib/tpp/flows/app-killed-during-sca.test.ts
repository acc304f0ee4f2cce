/**
 * The app killed during an SCA (issue 22, point 3): the app starts a payment's SCA at a real
 * sandbox bank in a process of its own (lib/tpp/testing/sca-app-process.ts), which is killed with
 * SIGKILL while the PSU is at the bank. The PSU approves at the bank; the bank's return then
 * reaches a fresh process, which has only the database and the browser's PSU session cookie:
 * the payment reaches the bank's status in the app's list (read from the callback), and the
 * flow is complete. Nothing the callback needs lives in the killed process's memory.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlowsRepository } from "../flow-diagrams/flows-repository";
import { insertTestUser } from "../payments/intents.test-support";
import { createPaymentsRepository } from "../payments/payments-repository";
import { refOf } from "../payments/read-payment-at-bank";
import { getPaymentStatus } from "../pis/get-payment-status";
import { CUSTOMERS, PSU_PRESENT, TEST_TPP_ID } from "../pis/pis.test-support";
import { type AppProcess, type AppProcessRun, bundleAppProcess } from "../testing/app-process";
import { createBankBrowser } from "../testing/bank-sca-driver";
import { createTestAspspClient } from "../testing/create-test-aspsp-client";
import { createSandboxAccount, findSandboxCustomer } from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import {
  createTppScratchDatabase,
  type TppScratchDatabase,
  type TppTestDatabaseKind,
  tppTestDatabaseKinds,
} from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";

async function lineOf(run: AppProcessRun, prefix: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = run.lines.find((candidate) => candidate.startsWith(prefix));
    if (line !== undefined) return line.slice(prefix.length);
    if (run.child.exitCode !== null) throw new Error(`the app's process exited early:\n${run.lines.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`the app's process did not print '${prefix}' in time:\n${run.lines.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The app process's bundle, made once for the file's databases. */
let app: AppProcess | undefined;
beforeAll(async () => {
  app = await bundleAppProcess("lib/tpp/testing/sca-app-process.ts");
}, 120_000);
afterAll(() => app?.remove());

describe.each(tppTestDatabaseKinds())("the app killed during a payment's SCA, on %s", (kind: TppTestDatabaseKind) => {
  const work = mkdtempSync(path.join(tmpdir(), "tpp-sca-kill-"));
  let bank: SandboxBank | undefined;
  let target = "";
  let scratch: TppScratchDatabase | undefined;
  let userId = "";
  let bban = "";

  beforeAll(async () => {
    bank = await startSandboxBank({ startTimeoutMs: 170_000 });
    const direct = await createTestAspspClient(bank.url);
    const customer = await findSandboxCustomer(direct.client, CUSTOMERS.ingrid);
    bban = (
      await createSandboxAccount(direct.client, {
        customerId: customer.customerId,
        name: "SCA kill test",
        balance: { amount: "9000.00", currency: "NOK" },
      })
    ).bban;
    await direct.client.close();
    scratch = await createTppScratchDatabase(kind, work);
    target = scratch.target;
    const database = await scratch.open();
    userId = await insertTestUser(database.db);
    await database.close();
  }, 180_000);

  afterAll(async () => {
    await bank?.close();
    await scratch?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("the bank's return after a restart completes the payment's approval and its flow", async () => {
    if (bank === undefined || app === undefined) throw new Error("not started");
    const runApp = app.start;
    const env = {
      SCA_DATABASE: target,
      SCA_BANK_URL: bank.url,
      SCA_USER_ID: userId,
      SCA_BBAN: bban,
      SCA_SECRET: randomBytes(32).toString("hex"),
    };
    const first = runApp({ ...env, SCA_STEP: "start" });
    const ready = JSON.parse(await lineOf(first, "ready ", 90_000)) as {
      scaRedirect: string;
      cookie: string;
      flowId: string;
      paymentRecordId: string;
    };
    first.child.kill("SIGKILL");
    await first.ended;
    expect(first.child.signalCode).toBe("SIGKILL");

    // The PSU approves at the bank while the app is down; the bank sends the browser back.
    const { redirect } = await createBankBrowser(bank.url).complete(ready.scaRedirect, { nationalId: CUSTOMERS.ingrid });
    expect(redirect.searchParams.get("flow")).toBe(ready.flowId);
    expect(redirect.searchParams.get("psu-id")).not.toBeNull();

    // A fresh process: the database and the browser's cookie only.
    const second = runApp({ ...env, SCA_STEP: "callback", SCA_QUERY: redirect.search, SCA_COOKIE: ready.cookie });
    await second.ended;
    expect(second.child.exitCode, second.lines.join("\n")).toBe(0);
    expect(second.lines).toContain("done success");

    // The bank's own status of the payment, read directly.
    const direct = await createTestAspspClient(bank.url);
    if (scratch === undefined) throw new Error("not started");
    const database = await scratch.open();
    try {
      const payments = createPaymentsRepository(database.db);
      const record = await payments.findById(userId, ready.paymentRecordId);
      if (record === undefined) throw new Error("the payment is not in the app's list");
      const atBank = await getPaymentStatus(
        {
          client: direct.client,
          tppId: TEST_TPP_ID,
          caller: { userId, tppSessionId: randomUUID(), psuId: redirect.searchParams.get("psu-id") ?? "", psu: PSU_PRESENT },
        },
        refOf(record),
      );
      expect(record.status).not.toBe("RCVD");
      expect(record.status).toBe(atBank.status);
      const listed = (await payments.list(userId, { limit: 10 })).items.filter((item) => item.id === record.id);
      expect(listed.map((item) => item.status)).toEqual([record.status]);
      const history = await payments.history(userId, record.id);
      expect(history.map((read) => read.source)).toContain("callback");

      const flow = await createFlowsRepository(database.db).get(userId, ready.flowId);
      expect(flow?.flow.outcome).toBe("completed");
      expect(flow?.legs.map((leg) => leg.kind)).toEqual(["to-bank", "sca", "from-bank"]);
      const user = await createUsersRepository(database.db).findById(userId);
      expect(user?.psuId).toBe(redirect.searchParams.get("psu-id"));
    } finally {
      await database.close();
      await direct.client.close();
    }
  }, 180_000);
});
