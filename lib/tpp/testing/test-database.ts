/**
 * Databases for the TPP's tests: a fresh in-memory PGlite, and, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database there too, dropped on close.
 *
 *   describe.each(tppTestDatabaseKinds())("users on %s", (kind) => {
 *     let database: OpenedTppDatabase;
 *     beforeAll(async () => { database = await createTppTestDatabase(kind); });
 *     afterAll(() => database.close());
 *   });
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type OpenedTppDatabase, openTppDatabase } from "../db/open-tpp-database";

export type TppTestDatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function tppTestDatabaseKinds(): TppTestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

async function withAdmin(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A test database; a PostgreSQL one also says its URL (another pool on it stands for another app process). */
export type TppTestDatabase = OpenedTppDatabase & { readonly url?: string };

/**
 * The first migrated, empty PGlite of this process, dumped (dumpDataDir): the next ones start from
 * it. A new PGlite makes its data directory (initdb) at start, some 4.5 s of CPU on this 2-core
 * machine, against 0.6 s to start from the dump, whose migrations are then found applied. With
 * vitest's workers sharing their modules across files (vitest.config.ts, isolate: false) that is
 * one template per worker.
 */
let template: Promise<Blob> | undefined;

async function makeTemplate(): Promise<Blob> {
  const database = await openTppDatabase({ dataDir: "memory" });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return await client.dumpDataDir("none");
  } finally {
    await database.close();
  }
}

async function openPgliteFromTemplate(): Promise<OpenedTppDatabase> {
  template ??= makeTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return openTppDatabase({ dataDir: "memory", loadDataDir: await template });
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL database. */
export async function createTppTestDatabase(kind: TppTestDatabaseKind): Promise<TppTestDatabase> {
  if (kind === "pglite") return openPgliteFromTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server for the tests");
  const name = `tpp_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let opened: OpenedTppDatabase;
  try {
    opened = await openTppDatabase({ url: url.toString() });
  } catch (error) {
    await withAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw error;
  }
  return {
    ...opened,
    url: url.toString(),
    close: async () => {
      await opened.close();
      await withAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A migrated database that another process opens too (a child standing for an app process). */
export interface TppScratchDatabase {
  /** What the other process is given: a PostgreSQL URL, or a PGlite directory. */
  readonly target: string;
  /** Opens it in this process. */
  open(): Promise<OpenedTppDatabase>;
  /** Drops a PostgreSQL database (a PGlite one goes with its directory). */
  drop(): Promise<void>;
}

/**
 * A database of the given kind for several processes in turn: PGlite in `directory`/tpp (one
 * process at a time), or a fresh PostgreSQL database; migrated before it is returned.
 */
export async function createTppScratchDatabase(kind: TppTestDatabaseKind, directory: string): Promise<TppScratchDatabase> {
  let scratch: TppScratchDatabase;
  if (kind === "pglite") {
    const dataDir = path.join(directory, "tpp");
    scratch = { target: dataDir, open: () => openTppDatabase({ dataDir }), drop: async () => {} };
  } else {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server for the tests");
    const name = `tpp_scratch_${process.pid}_${randomBytes(4).toString("hex")}`;
    await withAdmin(serverUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const target = url.toString();
    scratch = {
      target,
      open: () => openTppDatabase({ url: target }),
      drop: () => withAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  await (await scratch.open()).close();
  return scratch;
}
