import "server-only";
import { sql } from "drizzle-orm";
import { isDatabaseUnavailable } from "./database-unavailable";
import type { TppDatabase } from "./open-tpp-database";

/** What GET /api/health says of the app's database. */
export type DatabaseCheck = { readonly reachable: true } | { readonly reachable: false; readonly reason: string };

/**
 * Whether the app's database answers a `select 1` within `timeoutMs`: reachable, or not with the
 * reason in words (never a query or its parameters). A server that is there but refuses the
 * query for another reason is reported as such, not as unreachable.
 */
export async function checkDatabase(db: TppDatabase, timeoutMs: number): Promise<DatabaseCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<DatabaseCheck>((resolve) => {
    timer = setTimeout(() => resolve({ reachable: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const asked = db.execute(sql`select 1`).then(
    (): DatabaseCheck => ({ reachable: true }),
    (error: unknown): DatabaseCheck => ({
      reachable: false,
      reason: isDatabaseUnavailable(error) ? "the connection was refused or broke" : "the database refused the check",
    }),
  );
  try {
    return await Promise.race([asked, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
