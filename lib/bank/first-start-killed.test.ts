import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openBankDatabase } from "./db/open-bank-database";
import { listSandboxCustomers } from "./services/sandbox";
import { spawnBundledBankProcess, waitForHealth } from "../../testing/bank-process";

const INITIAL_NUMBERS = ["13039319955", "12085592767", "18129215603", "20079518612"];
const scratch = mkdtempSync(path.join(tmpdir(), "bank-killed-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Polls until `condition` holds (every 20 ms). */
async function until(condition: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts the bank on the directory until it answers, stops it, and lists the customers it keeps. */
async function startToTheEnd(dataDir: string): Promise<string[]> {
  const bank = await spawnBundledBankProcess({ BANK_DATA_DIR: dataDir, BANK_LOG_LEVEL: "warn", BANK_BATCH_RUN_INTERVAL: "0" });
  await waitForHealth(bank);
  expect(await bank.stop()).toBe(0);
  const database = await openBankDatabase({ dataDir });
  try {
    return (await listSandboxCustomers({ db: database.db })).customers.map((customer) => customer.customerNumber);
  } finally {
    await database.close();
  }
}

// A first start killed (SIGKILL) at any point leaves a directory the next start completes.
describe("a first start of the bank on PGlite killed midway", () => {
  it("while the database is being made: the next start makes it anew, with the sandbox's known state", async () => {
    const dataDir = path.join(scratch, "during-initdb");
    const bank = await spawnBundledBankProcess({ BANK_DATA_DIR: dataDir, BANK_LOG_LEVEL: "warn" });
    await until(() => existsSync(`${dataDir}.creating`) || bank.child.exitCode !== null);
    bank.child.kill("SIGKILL");
    await bank.exited;
    // Nothing half-made where the data belongs.
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    expect(await startToTheEnd(dataDir)).toEqual(INITIAL_NUMBERS);
    expect(existsSync(`${dataDir}.creating`)).toBe(false);
  }, 300_000);

  it("once the database is in place (migrations, keys, sandbox data under way): the next start completes it", async () => {
    const dataDir = path.join(scratch, "after-initdb");
    const bank = await spawnBundledBankProcess({ BANK_DATA_DIR: dataDir, BANK_LOG_LEVEL: "warn" });
    await until(() => existsSync(path.join(dataDir, "PG_VERSION")) || bank.child.exitCode !== null);
    bank.child.kill("SIGKILL");
    await bank.exited;
    expect(await startToTheEnd(dataDir)).toEqual(INITIAL_NUMBERS);
  }, 300_000);

  it("refuses a directory that has files but is no database, leaving them alone", async () => {
    const dataDir = path.join(scratch, "not-a-database");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, "notes.txt"), "mine\n");
    const bank = await spawnBundledBankProcess({ BANK_DATA_DIR: dataDir });
    expect(await bank.exited).toBe(1);
    expect(bank.lines().join("\n")).toContain(
      `bank: cannot open the database in BANK_DATA_DIR ${dataDir}: ${dataDir} is not a PGlite data directory (it has files but no PG_VERSION); delete it or choose another directory`,
    );
    expect(existsSync(path.join(dataDir, "notes.txt"))).toBe(true);
  }, 120_000);
});
