import "server-only";
import { installClientAddressHook } from "./auth/client-address";
import { readDemoCredentials } from "./auth/demo-user";
import { describeAppLinks } from "./app-links/app-link-files";
import { getTppConfig } from "./config";
import { releaseAbortReasonStacks } from "./memory/release-abort-stacks";
import { describeTlsSetting } from "./credentials/read-tls-credentials";
import { TppError } from "./errors";
import { startRefreshSchedule, stopRefreshSchedule } from "./refresh/app-refresh";
import { describeRefreshSchedule } from "./refresh/refresh-schedule";
import { describeRetentionPeriod } from "./retention/record-retention";
import { closeTppRuntime, getAspspConnection, getTppRuntime, startIntentSettlement, startRecordRetention } from "./runtime";

/** The one line start-up prints before it stops: the variable's message, or what failed. */
export function describeStartupFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s*\n\s*/g, " ");
  return error instanceof TppError ? `tpp: ${line}` : `tpp: start-up failed: ${line}`;
}

function stop(error: unknown): never {
  console.error(describeStartupFailure(error));
  process.exit(1);
}

function log(line: string): void {
  console.log(`tpp: ${line}`);
}

/**
 * The app's start (instrumentation's register): has the Node server hand each request its
 * socket's address (client-address.ts), reads and checks the configuration, opens and migrates
 * the database, makes the sandbox's demo user, and connects to the bank (in the local sandbox: a
 * certificate from its portal on first start). A wrong setting prints one line naming
 * the variable and stops the process; a bank that is not up yet is only a warning (the first call
 * to it tries again).
 */
export async function startTpp(): Promise<void> {
  // Before the first request: the sign-in throttle counts failures per client address.
  installClientAddressHook();
  // Before the first render: each render's abort reason would keep its request alive.
  releaseAbortReasonStacks();
  let config;
  try {
    config = getTppConfig();
  } catch (error) {
    stop(error);
  }
  log(`${config.environment} environment, bank at ${config.aspspBaseUrl}, callback ${config.redirectUri}`);
  log(describeTlsSetting(config.tls, config.aspspBaseUrl));
  log(describeAppLinks(config.appLinks));
  if (config.generated.length > 0)
    log(`${config.generated.join(" and ")} from ${config.dataDir}/secrets.json (sandbox: generated on first start)`);
  try {
    await getTppRuntime();
  } catch (error) {
    stop(error);
  }
  await startRecordRetention();
  await startRefreshSchedule();
  log(
    config.refreshSchedule.kind === "off"
      ? "reading accounts without the PSU on a schedule is off (TPP_REFRESH_SCHEDULE=off); npm run tpp:refresh and the control room still read by hand"
      : `accounts are read without the PSU ${describeRefreshSchedule(config.refreshSchedule)} (TPP_REFRESH_SCHEDULE), within the bank's 4 calls per account a day`,
  );
  log(
    `the request inspector's calls and the flows are kept ${describeRetentionPeriod(config.recordRetentionDays)} (TPP_RECORD_RETENTION_DAYS), older ones deleted at start and every hour`,
  );
  await startIntentSettlement();
  log(
    `payments and baskets sent but never completed (the app stopped while waiting) are settled from the recorded answers at start and every minute; the bank's answer is awaited ${config.aspspTimeoutMs} ms (ASPSP_TIMEOUT_MS)`,
  );
  const demo = config.environment === "sandbox" ? readDemoCredentials(config.dataDir) : undefined;
  if (demo !== undefined) log(`demo user: ${demo.username} / ${demo.password} (shown on the sign-in page too)`);

  try {
    const connection = await getAspspConnection();
    log(
      `signing as ${connection.client.keyId} (${connection.tppId}, roles ${connection.roles.join(", ") || "none"}; certificate from ${connection.certificateSource === "files" ? "the configured files" : "the sandbox portal"}); response signatures ${connection.verifiesResponses ? "verified" : "not verified (no trust anchors)"}`,
    );
  } catch (error) {
    if (error instanceof TppError && error.code === "CONFIG_INVALID") stop(error);
    console.warn(`${describeStartupFailure(error)} (tried again on the first call to the bank)`);
  }

  // PGlite must be closed cleanly; Next exits on these signals after closing its server.
  const close = () => void stopRefreshSchedule().finally(() => closeTppRuntime());
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
}
