/**
 * A snapshot of the whole bank database for tests that must change nothing: every table of the
 * schema, as its row count and a hash of its rows (PGlite and PostgreSQL alike).
 */
import { createHash } from "node:crypto";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../db/open-bank-database";
import * as schema from "../db/schema";

/** Every table of the bank's schema: its row count and a hash of its rows. */
export async function snapshotDatabase(db: Executor): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    const result: unknown = await db.execute(sql`select t::text as row from ${sql.identifier(name)} as t`);
    const rows: unknown = typeof result === "object" && result !== null && "rows" in result ? result.rows : result;
    const texts = (Array.isArray(rows) ? rows : []).map((entry: { row?: unknown }) => String(entry.row)).sort();
    snapshot[name] = `${texts.length}:${createHash("sha256").update(texts.join("\n")).digest("hex").slice(0, 16)}`;
  }
  return snapshot;
}
