/**
 * `npm run tpp:refresh`: one refresh now, as the schedule runs it (lib/tpp/refresh): every
 * connected user's shared accounts read without the PSU, within the bank's 4 calls per account
 * and kind a day, printed per user and account (what was read, what was skipped and why).
 *
 * When the app is running (NEXTAUTH_URL, default http://localhost:3000) the app runs it, asked
 * with the operator's token (PGlite opens its data directory in one process at a time); when it
 * is not, this process opens the app's database and runs it itself. Run under the react-server
 * condition, as Next runs lib/tpp's server modules.
 */
import { getTppConfig } from "../lib/tpp/config";
import { runRefreshNow, stopRefreshSchedule } from "../lib/tpp/refresh/app-refresh";
import { refreshOperatorToken } from "../lib/tpp/refresh/operator-token";
import { formatRefreshReports } from "../lib/tpp/refresh/run-refresh";
import { closeTppRuntime } from "../lib/tpp/runtime";

function refused(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === "ECONNREFUSED";
}

async function askRunningApp(appUrl: string, sessionSecret: string): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`${appUrl}/api/refresh`, {
      method: "POST",
      headers: { authorization: `Bearer ${refreshOperatorToken(sessionSecret)}` },
      signal: AbortSignal.timeout(10 * 60_000),
    });
  } catch (error) {
    if (refused(error)) return false;
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    throw new Error(
      `the app at ${appUrl} (NEXTAUTH_URL) could not be asked for the refresh (${error instanceof Error ? error.message : String(error)}${cause})`,
    );
  }
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(`tpp:refresh: the app at ${appUrl} answered ${response.status}: ${text}\n`);
    process.exitCode = 1;
    return true;
  }
  process.stdout.write(`The app at ${appUrl} ran the refresh:\n${text}`);
  return true;
}

try {
  const config = getTppConfig();
  if (!(await askRunningApp(config.appUrl, config.sessionSecret))) {
    process.stdout.write(`No app answers at ${config.appUrl}: this process runs the refresh on the app's database.\n`);
    try {
      process.stdout.write(formatRefreshReports(await runRefreshNow()));
    } finally {
      await stopRefreshSchedule();
      await closeTppRuntime();
    }
  }
} catch (error) {
  process.stderr.write(`tpp:refresh: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
