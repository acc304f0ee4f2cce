import { checkDatabase } from "@/lib/tpp/db/check-database";
import { isDatabaseUnavailable } from "@/lib/tpp/db/database-unavailable";
import { getTppRuntime } from "@/lib/tpp/runtime";

export const dynamic = "force-dynamic";

/** How long the check waits for the database before it says it is unreachable. */
const CHECK_TIMEOUT_MS = 3_000;

/**
 * GET /api/health: whether the app can serve, for a load balancer, an operator and the app's own
 * error page (app/error.tsx says in words when the database is the cause). 200 with
 * {"status":"ok"} when the app's database answers; 503 with {"status":"unavailable"} and the
 * reason otherwise. Says nothing of the bank (each page says what the bank answered).
 */
export async function GET(): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  let check;
  try {
    check = await checkDatabase((await getTppRuntime()).database.db, CHECK_TIMEOUT_MS);
  } catch (error) {
    // The runtime could not open the database at all (the first request after a start with the server down).
    check = {
      reachable: false as const,
      reason: isDatabaseUnavailable(error) ? "the connection was refused or broke" : "the app could not start",
    };
  }
  if (check.reachable) return Response.json({ status: "ok", database: "reachable" }, { headers });
  return Response.json({ status: "unavailable", database: "unreachable", reason: check.reason }, { status: 503, headers });
}
