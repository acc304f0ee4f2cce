import "server-only";
import { startRounds } from "../scheduling/start-rounds";
import { latestDueSlot, type RefreshSchedule } from "./refresh-schedule";
import { refreshAllUsers, type RefreshDeps, type UserRefreshReport } from "./run-refresh";

/** How often a running app looks whether a scheduled refresh is due: every minute. */
export const REFRESH_TICK_MS = 60_000;

export interface RefreshScheduler {
  /** Runs the refresh due now for every connected user (waits for one already running). */
  tick(): Promise<UserRefreshReport[]>;
  stop(): Promise<void>;
}

/**
 * Runs the scheduled refresh in this process (startRounds): at once and every minute it finds the latest
 * scheduled time on the bank's clock and refreshes each connected user whose refresh for that
 * time has not completed. Of several processes on one database each user's refresh runs in one
 * (its lease), and one killed midway is completed by the next tick after its lease runs out.
 * A failed tick is logged and the next one tries again; the timer does not keep the process alive.
 */
export function startRefreshScheduler(options: {
  readonly schedule: RefreshSchedule;
  /** The deps for a round (the bank connection may come up later than the app). */
  readonly deps: () => Promise<RefreshDeps>;
  readonly intervalMs?: number;
  readonly log?: (line: string) => void;
}): RefreshScheduler {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.schedule.kind === "off") return { tick: () => Promise.resolve([]), stop: () => Promise.resolve() };

  const round = async (): Promise<UserRefreshReport[]> => {
    const deps = await options.deps();
    const slot = latestDueSlot(options.schedule, await deps.bankNow());
    if (slot === undefined) return [];
    const reports = await refreshAllUsers(deps, { trigger: "schedule", slot });
    for (const report of reports) {
      if (report.skipped !== undefined && report.accounts.length === 0) continue;
      const read = report.accounts.filter((a) => a.balances.result === "read" || a.transactions.result === "read").length;
      log(`tpp: refresh for ${slot.toISOString()}: ${report.username}, ${read} of ${report.accounts.length} accounts read without the PSU`);
    }
    return reports;
  };

  const rounds = startRounds({
    round,
    intervalMs: options.intervalMs ?? REFRESH_TICK_MS,
    log,
    describeFailure: (message) => `tpp: the scheduled refresh could not run (the next minute tries again): ${message}`,
  });
  return { tick: rounds.runNow, stop: rounds.stop };
}
