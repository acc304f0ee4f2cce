import { mkdir } from "node:fs/promises";
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
  /** PGlite in this directory (created when missing), or in memory when dataDir is "memory". */
  | { dataDir: string };

export type OpenedBankDatabase = {
  db: BankDatabase;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens the bank's database and applies the migrations that are not applied yet. */
export async function openBankDatabase(options: OpenBankDatabaseOptions): Promise<OpenedBankDatabase> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client whose connection the server ended (a restart, a terminated backend, a
    // dropped test database) is removed and replaced by the pool itself; without a listener,
    // the pool's 'error' event would end the whole process.
    pool.on("error", () => undefined);
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateNodePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }

  let client: PGlite;
  if (options.dataDir === "memory") {
    client = new PGlite();
  } else {
    await mkdir(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
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
