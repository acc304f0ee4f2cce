import "server-only";
import { hostname } from "node:os";
import { readBankClock } from "../clock/bank-clock";
import { getAspspConnection, getTppRuntime } from "../runtime";
import { type RefreshScheduler, startRefreshScheduler } from "./refresh-scheduler";
import { refreshAllUsers, type RefreshDeps, type UserRefreshReport } from "./run-refresh";

// On globalThis, as the runtime is: Next loads instrumentation and the actions as separate bundles.
declare global {
  var __psd2TppRefreshScheduler: RefreshScheduler | undefined;
}

/** This process as a lease holder: its host and process id. */
const HOLDER = `${hostname()}:${process.pid}`;

/** The app's refresh deps: its database, its signed client, the bank's clock (the sandbox clock in the sandbox). */
export async function appRefreshDeps(): Promise<RefreshDeps> {
  const [runtime, connection] = await Promise.all([getTppRuntime(), getAspspConnection()]);
  return {
    db: runtime.database.db,
    client: connection.client,
    tppId: connection.tppId,
    // A job of the app's own, for every user: the clock is read for no user (no request here).
    bankNow: async () => (await readBankClock()).now(),
    holder: HOLDER,
  };
}

/** Starts the scheduled refresh in this process (once), as TPP_REFRESH_SCHEDULE says. */
export async function startRefreshSchedule(): Promise<void> {
  if (globalThis.__psd2TppRefreshScheduler !== undefined) return;
  const runtime = await getTppRuntime();
  globalThis.__psd2TppRefreshScheduler ??= startRefreshScheduler({ schedule: runtime.config.refreshSchedule, deps: appRefreshDeps });
}

/** Stops the scheduled refresh (the process is closing): a refresh in progress finishes its read. */
export async function stopRefreshSchedule(): Promise<void> {
  const scheduler = globalThis.__psd2TppRefreshScheduler;
  globalThis.__psd2TppRefreshScheduler = undefined;
  await scheduler?.stop();
}

/**
 * A refresh asked for by hand (the control room, `npm run tpp:refresh`): now, for these users or
 * every connected one, within the same budget as the schedule's.
 */
export async function runRefreshNow(userIds?: readonly string[]): Promise<UserRefreshReport[]> {
  return refreshAllUsers(await appRefreshDeps(), { trigger: "manual", ...(userIds === undefined ? {} : { userIds }) });
}
