/**
 * The bank as a node:cluster (BANK_WORKERS above 1, PostgreSQL only). The primary migrates and
 * makes the first start's state (keys, clock, batch schedule, sandbox data) under the start lock,
 * then forks the workers, which share the one port (and, with BANK_CLIENT_CERT=required, the web
 * pages' port BANK_WEB_PORT beside it); it restarts a worker that dies, passes SIGTERM/SIGINT on
 * to every worker and ends when they have.
 */
import cluster, { type Worker } from "node:cluster";
import type { BankConfig } from "../config";
import { createClockRelay, joinClockBroadcast, shareClockMoves } from "./clock-broadcast";
import { closeOnSignals, stopOnSignals } from "./signals";
import { buildFromConfig, describeTransport, listen } from "./start-up";

/** A worker that dies is restarted, unless this many died within RESTART_WINDOW_MS (then the bank stops). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** How long SIGTERM waits for a worker to close before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;

/** A worker of the cluster: the primary made the first state; this one builds, joins the clock's broadcasts, listens. */
export async function runWorker(config: BankConfig): Promise<void> {
  const app = await buildFromConfig(config, false);
  await joinClockBroadcast(app);
  closeOnSignals(app, config.databaseUrl ? shareClockMoves(app, config.databaseUrl) : undefined);
  // A lost primary (killed) leaves no one to restart or stop this worker: it stops.
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  await listen(app, config);
}

/** The primary: first start, then the workers, restarted when they die, stopped on a signal. */
export async function runPrimary(config: BankConfig): Promise<void> {
  const say = (message: string) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: message })}\n`);
  // Migrations, keys, clock, schedule and sandbox data, once, before any worker starts.
  const first = await buildFromConfig(config, true);
  await first.close();

  const clock = createClockRelay();
  const restarts: number[] = [];
  let stopping = false;

  const fork = () => clock.watch(cluster.fork());

  cluster.on("exit", (worker, code, signal) => {
    clock.forget(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      process.stderr.write(
        `bank: ${restarts.length} workers ended within ${RESTART_WINDOW_MS / 1000} s (the last: code ${code ?? signal}); stopping\n`,
      );
      stop(1);
      return;
    }
    say(`worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    fork();
  });

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(code || 1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    if (code !== 0) process.exitCode = code;
  };
  stopOnSignals(
    () => stop(0),
    (signal) => say(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`),
  );

  // Each worker's ports, as it starts listening (after a restart too): when every worker serves.
  cluster.on("listening", (worker, address) => say(`worker ${worker.process.pid} listening on ${address.address}:${address.port}`));
  for (let index = 0; index < config.workers; index++) fork();
  say(`sandbox bank at ${config.publicUrl} (database: postgres, ${config.workers} workers; ${describeTransport(config)})`);
}
