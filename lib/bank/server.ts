/**
 * The sandbox bank's process: `npm run bank`. Reads its configuration, opens its database
 * (PGlite in BANK_DATA_DIR, or PostgreSQL at BANK_DATABASE_URL), builds the app (an empty
 * database gets the sandbox's known state) and listens, running the batch runs as they fall due;
 * closes cleanly on SIGTERM and SIGINT.
 *
 * With BANK_WORKERS above 1 (PostgreSQL only) this process is the primary of a node:cluster: it
 * migrates and makes the first start's state (keys, clock, batch schedule, sandbox data) under
 * the start lock, then forks the workers, which share the one port (and, with
 * BANK_CLIENT_CERT=required, the web pages' port BANK_WEB_PORT beside it); it restarts a worker that
 * dies, passes SIGTERM/SIGINT on to every worker and ends when they have. Every rule that spans
 * requests lives in the database; the one thing a process holds that another may change is the
 * sandbox clock's state, so a worker that moves the clock has every other worker read it again
 * (through the primary) before its reply leaves. On PostgreSQL every bank process also says so
 * to bank processes on other machines (NOTIFY bank_clock), which read it again within moments.
 */
import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildBank } from "./app";
import { type BankConfig, BankConfigError, loadBankConfig } from "./config";
import { sql } from "drizzle-orm";
import { openBankDatabase, withStartLock } from "./db/open-bank-database";

/** Messages between the primary and its workers (process.send). */
type WorkerMessage =
  /** The worker listens for the primary's messages: include it in clock broadcasts. */
  | { type: "bank:ready" }
  /** The worker moved the sandbox clock (its state is saved): have the others read it. */
  | { type: "bank:clock-moved"; id: string }
  /** The worker read the clock again, as asked. */
  | { type: "bank:clock-reloaded"; id: string };
type PrimaryMessage =
  | { type: "bank:reload-clock"; id: string }
  /** Every other worker has read the moved clock (or has ended). */
  | { type: "bank:clock-synced"; id: string };

/** How long a clock move waits for the other workers to read it. */
const CLOCK_SYNC_TIMEOUT_MS = 10_000;
/** A worker that dies is restarted, unless this many died within RESTART_WINDOW_MS (then the bank stops). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** How long SIGTERM waits for a process to close before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;

function fail(message: string): never {
  process.stderr.write(`bank: ${message}\n`);
  process.exit(1);
}

function readConfig(): BankConfig {
  try {
    return loadBankConfig();
  } catch (error) {
    if (error instanceof BankConfigError) fail(error.message);
    throw error;
  }
}

function readTrustAnchors(config: BankConfig): string | undefined {
  if (!config.trustAnchorsFile) return undefined;
  try {
    return readFileSync(config.trustAnchorsFile, "utf8");
  } catch (error) {
    fail(`BANK_TRUST_ANCHORS: cannot read ${config.trustAnchorsFile} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

/** How the bank is reached, for the start-up line. */
function describeTransport(config: BankConfig): string {
  if (!config.tls) return "plain HTTP (BANK_TLS off)";
  const clientCertificates =
    config.clientCertificate === "required"
      ? `client certificate required in the handshake (BANK_CLIENT_CERT=required); the web pages (portal, SCA) without one at ${config.publicWebUrl} (port ${config.webPort})`
      : "no client certificate asked for (BANK_CLIENT_CERT off)";
  return `HTTPS, TLS 1.2 and 1.3, server certificate from the bank's CA (GET /portal/ca.pem); ${clientCertificates}`;
}

/** Opens the database and builds the bank (not listening); `firstStart`: the sandbox's known state for an empty database. */
async function build(config: BankConfig, firstStart: boolean): Promise<FastifyInstance> {
  const extraTrustAnchorsPem = readTrustAnchors(config);
  const database = await openBankDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }).catch(
    (error: unknown) =>
      fail(
        `cannot open the database ${config.databaseUrl ? "at BANK_DATABASE_URL" : `in BANK_DATA_DIR ${config.dataDir}`}: ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
  const make = () =>
    buildBank({
      config,
      database,
      ...(extraTrustAnchorsPem ? { extraTrustAnchorsPem } : {}),
      logger: { level: config.logLevel },
      ensureSandboxData: firstStart,
      batchRunIntervalMs: config.batchRunIntervalMs,
    });
  // The keys, the clock, the schedule and the sandbox data are made once: processes starting at
  // once on one PostgreSQL take turns, and each later one reads what the first made.
  return config.databaseUrl ? withStartLock(config.databaseUrl, make) : make();
}

/** The channel on which bank processes on one PostgreSQL say that they moved the sandbox clock. */
const CLOCK_CHANNEL = "bank_clock";

/**
 * On PostgreSQL: listens on CLOCK_CHANNEL and reads the clock again when another bank process
 * moved it; says so itself after each move here. Returns the listener's closing (a lost
 * connection is made again after a second, then the clock read again, since a move may have
 * been missed meanwhile).
 */
function shareClockMoves(app: FastifyInstance, databaseUrl: string): () => Promise<void> {
  const self = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  const reload = () =>
    app.bank.clock.reload().catch((error: unknown) => app.log.error({ err: error }, "could not read the sandbox clock again"));
  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel === CLOCK_CHANNEL && message.payload !== self) void reload();
    });
    next.on("error", (error) => {
      app.log.warn({ err: error }, "the sandbox clock's listener lost its connection; connecting again");
      client = undefined;
      setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CLOCK_CHANNEL}`);
      client = next;
      await reload();
    } catch (error) {
      app.log.warn({ err: error }, "could not listen for the sandbox clock's moves; trying again");
      await next.end().catch(() => undefined);
      setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
    }
  };
  void connect();
  app.bank.clock.onChange(async () => {
    await app.bank.db.execute(sql`select pg_notify(${CLOCK_CHANNEL}, ${self})`);
  });
  return async () => {
    closed = true;
    await client?.end().catch(() => undefined);
  };
}

/** Closes on SIGTERM and SIGINT (once), then exits. */
function closeOnSignals(app: FastifyInstance, before: () => Promise<void> = async () => undefined): void {
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing");
    before()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "error while closing");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => close("SIGTERM"));
  process.on("SIGINT", () => close("SIGINT"));
}

/** Listens on the API port and, with BANK_CLIENT_CERT=required, on the web pages' port (each worker of a cluster on both). */
async function listen(app: FastifyInstance, config: BankConfig): Promise<void> {
  let port = config.port;
  try {
    await app.listen({ host: config.host, port });
    const web = app.webServer;
    if (web !== undefined && config.webPort !== undefined) {
      port = config.webPort;
      await new Promise<void>((resolve, reject) => {
        web.once("error", reject);
        web.listen({ host: config.host, port }, () => {
          web.off("error", reject);
          resolve();
        });
      });
      const address = web.address();
      app.log.info(
        `web pages (no client certificate) listening at https://${config.host}:${typeof address === "object" && address !== null ? address.port : port}`,
      );
    }
  } catch (error) {
    await app.close();
    fail(`cannot listen on ${config.host}:${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** One process: the bank as it always was. */
async function runSingle(config: BankConfig): Promise<void> {
  const app = await build(config, true);
  closeOnSignals(app, config.databaseUrl ? shareClockMoves(app, config.databaseUrl) : undefined);
  await listen(app, config);
  app.log.info(`sandbox bank at ${config.publicUrl} (database: ${app.bank.databaseKind}; ${describeTransport(config)})`);
}

/** A worker of the cluster: the primary made the first state; this one builds, joins the clock's broadcasts, listens. */
async function runWorker(config: BankConfig): Promise<void> {
  const app = await build(config, false);
  const send = (message: WorkerMessage) => process.send?.(message);
  const waiting = new Map<string, () => void>();

  process.on("message", (message: PrimaryMessage) => {
    if (message?.type === "bank:reload-clock") {
      app.bank.clock.reload().then(
        () => send({ type: "bank:clock-reloaded", id: message.id }),
        (error: unknown) => {
          app.log.error({ err: error }, "could not read the sandbox clock again");
          send({ type: "bank:clock-reloaded", id: message.id });
        },
      );
    } else if (message?.type === "bank:clock-synced") {
      waiting.get(message.id)?.();
      waiting.delete(message.id);
    }
  });
  // A move of the clock here reaches every other worker before the move's reply is sent.
  app.bank.clock.onChange(
    () =>
      new Promise<void>((resolve) => {
        const id = randomUUID();
        const timer = setTimeout(() => {
          waiting.delete(id);
          app.log.warn("the other workers did not confirm the moved sandbox clock in time");
          resolve();
        }, CLOCK_SYNC_TIMEOUT_MS);
        waiting.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
        send({ type: "bank:clock-moved", id });
      }),
  );
  // Joined before reading the clock again: a move saved from now on is broadcast to this worker
  // too, and one saved before is in what it reads.
  send({ type: "bank:ready" });
  await app.bank.clock.reload();
  closeOnSignals(app, config.databaseUrl ? shareClockMoves(app, config.databaseUrl) : undefined);
  // A lost primary (killed) leaves no one to restart or stop this worker: it stops.
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  await listen(app, config);
}

/** The primary: first start, then the workers, restarted when they die, stopped on a signal. */
async function runPrimary(config: BankConfig): Promise<void> {
  const say = (message: string) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: message })}\n`);
  // Migrations, keys, clock, schedule and sandbox data, once, before any worker starts.
  const first = await build(config, true);
  await first.close();

  const ready = new Set<Worker>();
  const syncs = new Map<string, { from: Worker; pending: Set<Worker>; timer: NodeJS.Timeout }>();
  const restarts: number[] = [];
  let stopping = false;

  const settle = (id: string) => {
    const sync = syncs.get(id);
    if (!sync) return;
    clearTimeout(sync.timer);
    syncs.delete(id);
    if (sync.from.isConnected()) sync.from.send({ type: "bank:clock-synced", id } satisfies PrimaryMessage);
  };

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type === "bank:ready") ready.add(worker);
      else if (message?.type === "bank:clock-moved") {
        const pending = new Set([...ready].filter((other) => other !== worker && other.isConnected()));
        syncs.set(message.id, { from: worker, pending, timer: setTimeout(() => settle(message.id), CLOCK_SYNC_TIMEOUT_MS) });
        if (pending.size === 0) settle(message.id);
        for (const other of pending) other.send({ type: "bank:reload-clock", id: message.id } satisfies PrimaryMessage);
      } else if (message?.type === "bank:clock-reloaded") {
        const sync = syncs.get(message.id);
        sync?.pending.delete(worker);
        if (sync && sync.pending.size === 0) settle(message.id);
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    ready.delete(worker);
    // A broadcast waits for no worker that has ended.
    for (const [id, sync] of syncs) {
      sync.pending.delete(worker);
      if (sync.pending.size === 0) settle(id);
    }
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
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      say(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      stop(0);
    });
  }

  for (let index = 0; index < config.workers; index++) fork();
  say(`sandbox bank at ${config.publicUrl} (database: postgres, ${config.workers} workers; ${describeTransport(config)})`);
}

const config = readConfig();
if (cluster.isWorker) await runWorker(config);
else if (config.workers > 1) await runPrimary(config);
else await runSingle(config);
