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
import pg from "pg";
import { openBankDatabase, type OpenedBankDatabase } from "../db/open-bank-database";

export type TestDatabaseKind = "pglite" | "postgres";

export type TestDatabase = OpenedBankDatabase;

/** The kinds of database the tests run on here: PGlite always, PostgreSQL when configured. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL database. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") return openBankDatabase({ dataDir: "memory" });

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
