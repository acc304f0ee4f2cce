import { getTppConfig } from "@/lib/tpp/config";
import { runRefreshNow } from "@/lib/tpp/refresh/app-refresh";
import { isRefreshOperator } from "@/lib/tpp/refresh/operator-token";
import { formatRefreshReports } from "@/lib/tpp/refresh/run-refresh";

export const dynamic = "force-dynamic";

/**
 * POST /api/refresh: the refresh `npm run tpp:refresh` asks the running app for (the app holds
 * the database; PGlite opens in one process at a time). Only with the operator's token
 * (lib/tpp/refresh/operator-token.ts): 401 otherwise. Answers the report as text, one line per
 * read and skip, as the command prints it.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isRefreshOperator(request.headers.get("authorization"), getTppConfig().sessionSecret)) {
    return Response.json(
      { error: "POST /api/refresh needs Authorization: Bearer with the operator's token (npm run tpp:refresh sends it)" },
      { status: 401 },
    );
  }
  try {
    const reports = await runRefreshNow();
    return new Response(formatRefreshReports(reports), { headers: { "content-type": "text/plain; charset=utf-8" } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`tpp: the refresh asked for by hand failed: ${message}`);
    return Response.json({ error: `The refresh could not run: ${message}` }, { status: 503 });
  }
}

export function GET(): Response {
  return Response.json(
    { error: "POST /api/refresh runs a refresh (npm run tpp:refresh); GET does nothing" },
    { status: 405, headers: { allow: "POST" } },
  );
}
