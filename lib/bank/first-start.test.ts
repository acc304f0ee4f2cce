import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBank } from "./app";
import { loadBankConfig } from "./config";
import { openBankDatabase, type OpenedBankDatabase } from "./db/open-bank-database";
import { createSandboxCustomer, listSandboxCustomers } from "./services/sandbox";
import { createTestDatabase, testDatabaseKinds } from "./testing/test-database";

const INITIAL_NUMBERS = ["13039319955", "12085592767", "18129215603", "20079518612"];

/**
 * The same database opened twice in a row, as by two starts of the bank: PGlite in a temporary
 * data directory, or one PostgreSQL test database (dropped after the second start).
 */
async function twoStarts(
  kind: "pglite" | "postgres",
): Promise<{ first: () => Promise<OpenedBankDatabase>; second: () => Promise<OpenedBankDatabase>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(join(tmpdir(), "bank-first-start-"));
    return {
      first: () => openBankDatabase({ dataDir }),
      second: () => openBankDatabase({ dataDir }),
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createTestDatabase(kind);
  return {
    // The first start's close leaves the database in place; the second's drops it.
    first: async () => ({ ...database, close: async () => undefined }),
    second: async () => database,
    cleanup: async () => undefined,
  };
}

// docs/interface/certificates.md#certificates-and-tpp-registration (the CA made on first start and kept with the data), docs/interface/sandbox-operations.md#sandbox-operations (the known state).
describe.each(testDatabaseKinds())("the bank's first start on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("initialises an empty database with the four customers; a second start keeps what is there", async () => {
    const starts = await twoStarts(kind);
    cleanups.push(starts.cleanup);
    const config = loadBankConfig({});
    const realNow = () => new Date("2026-01-10T11:00:00Z");

    const first = await buildBank({ config, database: await starts.first(), realNow, ensureSandboxData: true });
    const initial = await listSandboxCustomers({ db: first.bank.db });
    expect(initial.customers.map((customer) => customer.customerNumber)).toEqual(INITIAL_NUMBERS);
    const made = await createSandboxCustomer(
      { db: first.bank.db, clock: first.bank.clock },
      {
        customerNumber: "01019012345",
        customerName: "Kari Nordmann",
        customerType: "PRIVATE",
      },
    );
    await first.bank.clock.set(new Date("2026-02-01T12:00:00Z"), { frozen: true });
    const ca = first.bank.pki.ca.certificatePem;
    await first.close();

    const second = await buildBank({ config, database: await starts.second(), realNow, ensureSandboxData: true });
    try {
      const kept = await listSandboxCustomers({ db: second.bank.db });
      expect(kept.customers.map((customer) => customer.customerNumber)).toEqual([...INITIAL_NUMBERS, "01019012345"]);
      expect(kept.customers.at(-1)?.customerId).toBe(made.customerId);
      expect(second.bank.clock.now().toISOString()).toBe("2026-02-01T12:00:00.000Z");
      expect(second.bank.pki.ca.certificatePem).toBe(ca);
      // The clock's move ran the batch runs up to 12:00 Oslo; a restart goes on from there.
      expect((await second.bank.batchRuns.schedule()).lastScheduledRun).toBe("2026-02-01T11:00:00.000Z");
    } finally {
      await second.close();
    }
  }, 120_000);

  it("without ensureSandboxData (tests that bring their own data) an empty database stays empty", async () => {
    const app = await buildBank({ config: loadBankConfig({}), database: await createTestDatabase(kind) });
    try {
      expect((await listSandboxCustomers({ db: app.bank.db })).customers).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
