import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type TppSchema = typeof schema;
export type TppDatabase = PgDatabase<PgQueryResultHKT, TppSchema>;
export type TppTransaction = PgTransaction<PgQueryResultHKT, TppSchema, ExtractTablesWithRelations<TppSchema>>;
/** What repositories run their queries on: the database, or a transaction in progress. */
export type TppExecutor = TppDatabase | TppTransaction;

export type OpenTppDatabaseOptions =
  /** PostgreSQL at this URL. */
  (
    | { readonly url: string }
    /**
     * PGlite in this directory (created when missing), or in memory when dataDir is "memory";
     * in memory, `loadDataDir` starts it from a dump of another's data directory (PGlite's
     * dumpDataDir), as the tests' migrated template (lib/tpp/testing/test-database.ts).
     */
    | { readonly dataDir: string; readonly loadDataDir?: Blob }
  ) & {
    /** Default: lib/tpp/db/migrations under the working directory (Next and vitest run from the project root). */
    readonly migrationsFolder?: string;
  };

export interface OpenedTppDatabase {
  readonly db: TppDatabase;
  readonly kind: "postgres" | "pglite";
  close(): Promise<void>;
}

// Read from the working directory, not import.meta.url: inside Next's server bundles the module's
// own URL points into .next/, where the SQL files are not.
const DEFAULT_MIGRATIONS = path.join("lib", "tpp", "db", "migrations");
// Its own table, so that the TPP's and the bank's migrations never mix in one PostgreSQL database.
const MIGRATIONS_TABLE = "__tpp_migrations";

/**
 * PGlite's settings: PostgreSQL's defaults but 16 MB of shared buffers instead of 128 MB, as the
 * bank's (lib/bank/db/open-bank-database.ts): the buffers are WebAssembly memory filled at start
 * and never given back, while the TPP's few MB are read through the file system's cache anyway.
 * On an existing data directory this opens in about half the time and holds some 120 MB less.
 */
export const TPP_PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** How long a new connection to PostgreSQL may take before the step that needs it fails (not hangs). */
export const TPP_CONNECT_TIMEOUT_MS = 5_000;

type Released = (error?: Error | boolean) => void;

/**
 * A client taken from the pool for a transaction (Drizzle's db.transaction) whose connection the
 * server ends: it goes back to the pool at once, marked broken, so the pool drops it and opens a
 * new one. Otherwise it would be lost to the pool: Drizzle sends BEGIN before its try/finally, so
 * a BEGIN on a dead connection never releases the client, and enough of them leave the pool with
 * no connection to give. Its release becomes idempotent (Drizzle's own comes later), and its
 * 'error' is listened to (node-postgres emits one on a checked-out client whose connection ends,
 * which unlistened would end the process).
 */
function guardCheckedOut(client: pg.PoolClient): pg.PoolClient {
  const release: Released = client.release.bind(client);
  let released = false;
  const onError = () => {
    // The query in flight has failed with this error already; the client is released below.
  };
  const onEnd = () => {
    guarded(new Error("the database connection ended while in use"));
  };
  const guarded: Released = (error) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    // Kept until the pool's own listener is back: a late 'error' must still find a listener.
    setImmediate(() => client.removeListener("error", onError));
    release(error);
  };
  client.on("error", onError);
  client.once("end", onEnd);
  client.release = guarded;
  // Handed out already dead (the pool had not yet seen its end): drop it now; its first query fails cleanly.
  if ((client as pg.PoolClient & { _queryable?: boolean })._queryable === false)
    guarded(new Error("the database connection was already closed"));
  return client;
}

/**
 * The pool of connections to PostgreSQL: a connection that takes longer than
 * TPP_CONNECT_TIMEOUT_MS fails the step instead of holding the page; TCP keep-alive finds a
 * connection the network dropped; a connection the server ends is dropped and replaced by a new
 * one at the next query (the app reconnects by itself after a restart of the server).
 */
function createTppPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: TPP_CONNECT_TIMEOUT_MS, keepAlive: true });
  const connect = pool.connect.bind(pool);
  // The promise form is Drizzle's (transactions); pool.query uses the callback form and guards its own client.
  pool.connect = ((callback?: Parameters<pg.Pool["connect"]>[0]) =>
    callback === undefined ? connect().then(guardCheckedOut) : connect(callback)) as pg.Pool["connect"];
  return pool;
}

/** Opens the TPP's database and applies the migrations that are not applied yet. */
export async function openTppDatabase(options: OpenTppDatabaseOptions): Promise<OpenedTppDatabase> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve(process.cwd(), DEFAULT_MIGRATIONS);
  if ("url" in options) {
    const pool = createTppPool(options.url);
    let closed = false;
    // An idle connection the server ends (a restart, an administrator) must not crash the app: the
    // pool replaces it. After close(), connections still shutting down are expected to be ended.
    pool.on("error", (error: Error & { code?: string }) => {
      if (!closed) console.error(`tpp: a database connection failed and was dropped (${error.code ?? "error"}: ${error.message})`);
    });
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateNodePg(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: "postgres",
      close: () => {
        closed = true;
        return pool.end();
      },
    };
  }

  let client: PGlite;
  if (options.dataDir === "memory") {
    client = new PGlite({
      startParams: [...TPP_PGLITE_START_PARAMS],
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
    });
  } else {
    if (options.loadDataDir !== undefined) throw new Error("openTppDatabase: loadDataDir is for a database in memory only");
    await mkdir(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir, { startParams: [...TPP_PGLITE_START_PARAMS] });
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: "pglite", close: () => client.close() };
}
