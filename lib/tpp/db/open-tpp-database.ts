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
    /** PGlite in this directory (created when missing), or in memory when dataDir is "memory". */
    | { readonly dataDir: string }
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

/** Opens the TPP's database and applies the migrations that are not applied yet. */
export async function openTppDatabase(options: OpenTppDatabaseOptions): Promise<OpenedTppDatabase> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve(process.cwd(), DEFAULT_MIGRATIONS);
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
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
    client = new PGlite({ startParams: [...TPP_PGLITE_START_PARAMS] });
  } else {
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
