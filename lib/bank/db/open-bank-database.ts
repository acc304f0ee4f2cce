import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type BankSchema = typeof schema;
export type BankDatabase = PgDatabase<PgQueryResultHKT, BankSchema>;
export type BankTransaction = PgTransaction<PgQueryResultHKT, BankSchema, ExtractTablesWithRelations<BankSchema>>;
/** What repositories run their queries on: the database, or a transaction in progress. */
export type Executor = BankDatabase | BankTransaction;

export type OpenBankDatabaseOptions =
  /** PostgreSQL at this URL. */
  | { url: string }
  /**
   * PGlite in this directory (created when missing), or in memory when dataDir is "memory"; in
   * memory, `loadDataDir` starts it from a dump of another's data directory (PGlite's
   * dumpDataDir), as the tests' migrated template (lib/bank/testing/test-database.ts).
   */
  | { dataDir: string; loadDataDir?: Blob };

export type OpenedBankDatabase = {
  db: BankDatabase;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * The key of the PostgreSQL advisory lock held while a bank process migrates and makes its first
 * start's state (keys, clock, schedule, sandbox data): several processes on one database take
 * turns, and each later one finds the work done.
 */
export const BANK_START_LOCK_KEY = 4_150_720_001;

/**
 * PGlite's settings: PostgreSQL's defaults but 16 MB of shared buffers instead of 128 MB. The
 * buffers are WebAssembly memory that is touched at start and never given back; the sandbox's
 * data (tens of MB) is read through the file system's cache anyway. Its WebAssembly memory
 * starts at its minimum (128 MB) and grows only as queries need.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * PGlite in a data directory. A new directory is made (initdb) beside it and renamed into place
 * once complete, so that a start killed midway leaves either nothing or a whole database; a
 * directory that is there and is not a database is refused, never overwritten.
 */
async function openPgliteDirectory(dataDir: string): Promise<PGlite> {
  const absolute = path.resolve(dataDir);
  const entries = existsSync(absolute) ? await readdir(absolute) : undefined;
  if (entries !== undefined && entries.length > 0 && !entries.includes("PG_VERSION")) {
    throw new Error(`${dataDir} is not a PGlite data directory (it has files but no PG_VERSION); delete it or choose another directory`);
  }
  if (entries === undefined || entries.length === 0) {
    const staging = `${absolute}.creating`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const fresh = new PGlite(staging, { startParams: [...PGLITE_START_PARAMS] });
    await fresh.waitReady;
    await fresh.close();
    await rm(absolute, { recursive: true, force: true });
    await mkdir(path.dirname(absolute), { recursive: true });
    await rename(staging, absolute);
  }
  return new PGlite(absolute, { startParams: [...PGLITE_START_PARAMS] });
}

/**
 * Opens the bank's database and applies the migrations that are not applied yet (each set in one
 * transaction; on PostgreSQL under the start lock, so that processes starting at once take turns).
 */
export async function openBankDatabase(options: OpenBankDatabaseOptions): Promise<OpenedBankDatabase> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client whose connection the server ended (a restart, a terminated backend, a
    // dropped test database) is removed and replaced by the pool itself; without a listener,
    // the pool's 'error' event would end the whole process.
    pool.on("error", () => undefined);
    const db = drizzleNodePg(pool, { schema });
    try {
      await withStartLock(pool, () => migrateNodePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }

  let client: PGlite;
  if (options.dataDir === "memory") {
    client = new PGlite({
      startParams: [...PGLITE_START_PARAMS],
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
    });
  } else {
    if (options.loadDataDir !== undefined) throw new Error("openBankDatabase: loadDataDir is for a database in memory only");
    client = await openPgliteDirectory(options.dataDir);
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: "pglite", close: () => client.close() };
}

/**
 * Runs `work` holding the bank's start lock (a PostgreSQL session advisory lock on a connection of
 * its own, from the pool or to the URL), so that bank processes starting at once on one database
 * migrate and make their first state one after the other, each later one finding the work done.
 * The lock goes with the connection: a process killed while holding it frees it.
 */
export async function withStartLock<T>(database: pg.Pool | string, work: () => Promise<T>): Promise<T> {
  const own = typeof database === "string" ? new pg.Client({ connectionString: database }) : undefined;
  const connection = own ?? (await (database as pg.Pool).connect());
  if (own) {
    own.on("error", () => undefined);
    await own.connect();
  }
  let healthy = true;
  try {
    await connection.query("select pg_advisory_lock($1)", [BANK_START_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [BANK_START_LOCK_KEY]).catch(() => {
        healthy = false;
      });
    }
  } finally {
    if (own) await own.end().catch(() => undefined);
    else (connection as pg.PoolClient).release(!healthy);
  }
}
