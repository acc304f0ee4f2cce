/**
 * Databases for the bank's tests: a fresh in-memory PGlite per test file, and, when
 * TEST_DATABASE_URL names a PostgreSQL server, a fresh database there too, dropped afterwards.
 *
 *   describe.each(testDatabaseKinds())("accounts on %s", (kind) => {
 *     let database: TestDatabase;
 *     beforeAll(async () => { database = await createTestDatabase(kind); });
 *     afterAll(() => database.close());
 *   });
 */
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openBankDatabase, type OpenedBankDatabase } from "../db/open-bank-database";

export type TestDatabaseKind = "pglite" | "postgres";

export type TestDatabase = OpenedBankDatabase;

/** The kinds of database the tests run on here: PGlite always, PostgreSQL when configured. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * The first migrated, empty PGlite of this process, dumped (dumpDataDir): the next ones start from
 * it. A new PGlite makes its data directory (initdb) at start and then takes the migrations, some
 * 2.5 s of CPU on this 2-core machine; from the dump, whose migrations are found applied, a
 * fraction of that. With vitest's workers sharing their modules across files (vitest.config.ts,
 * isolate: false) that is one template per worker.
 */
let template: Promise<Blob> | undefined;

async function makeTemplate(): Promise<Blob> {
  const database = await openBankDatabase({ dataDir: "memory" });
  try {
    return await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  } finally {
    await database.close();
  }
}

async function openPgliteFromTemplate(): Promise<TestDatabase> {
  template ??= makeTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return openBankDatabase({ dataDir: "memory", loadDataDir: await template });
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL database. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") return openPgliteFromTemplate();

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server for the tests");
  const name = `bank_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openBankDatabase({ url: url.toString() });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
