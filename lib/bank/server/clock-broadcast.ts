/**
 * The sandbox clock across bank processes. Every rule that spans requests lives in the database;
 * the one thing a process holds that another may change is the sandbox clock's state. In a
 * cluster a worker that moves the clock has every other worker read it again (through the
 * primary) before its reply leaves; on PostgreSQL every bank process also says so to bank
 * processes on other machines (NOTIFY bank_clock), which read it again within moments.
 */
import type { Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";

/** Messages from a worker to the primary (process.send). */
type WorkerMessage =
  /** The worker listens for the primary's messages: include it in clock broadcasts. */
  | { type: "bank:ready" }
  /** The worker moved the sandbox clock (its state is saved): have the others read it. */
  | { type: "bank:clock-moved"; id: string }
  /** The worker read the clock again, as asked. */
  | { type: "bank:clock-reloaded"; id: string };
/** Messages from the primary to a worker. */
type PrimaryMessage =
  | { type: "bank:reload-clock"; id: string }
  /** Every other worker has read the moved clock (or has ended). */
  | { type: "bank:clock-synced"; id: string };

/** How long a clock move waits for the other workers to read it. */
const CLOCK_SYNC_TIMEOUT_MS = 10_000;

/** The channel on which bank processes on one PostgreSQL say that they moved the sandbox clock. */
const CLOCK_CHANNEL = "bank_clock";

/**
 * On PostgreSQL: listens on CLOCK_CHANNEL and reads the clock again when another bank process
 * moved it; says so itself after each move here. Returns the listener's closing (a lost
 * connection is made again after a second, then the clock read again, since a move may have
 * been missed meanwhile).
 */
export function shareClockMoves(app: FastifyInstance, databaseUrl: string): () => Promise<void> {
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

/**
 * A worker's side: reads the clock again when the primary asks, and holds each move of the clock
 * here until every other worker has read it. Joins the broadcasts, then reads the clock again.
 */
export async function joinClockBroadcast(app: FastifyInstance): Promise<void> {
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
}

/**
 * The primary's side: passes a worker's clock move on to every other worker that has joined,
 * and tells the mover when all of them read it (or ended, or CLOCK_SYNC_TIMEOUT_MS passed).
 */
export function createClockRelay() {
  const ready = new Set<Worker>();
  const syncs = new Map<string, { from: Worker; pending: Set<Worker>; timer: NodeJS.Timeout }>();

  const settle = (id: string) => {
    const sync = syncs.get(id);
    if (!sync) return;
    clearTimeout(sync.timer);
    syncs.delete(id);
    if (sync.from.isConnected()) sync.from.send({ type: "bank:clock-synced", id } satisfies PrimaryMessage);
  };

  return {
    /** Relays the clock's messages of a newly forked worker. */
    watch(worker: Worker): void {
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
    },
    /** A worker ended: no broadcast waits for it. */
    forget(worker: Worker): void {
      ready.delete(worker);
      for (const [id, sync] of syncs) {
        sync.pending.delete(worker);
        if (sync.pending.size === 0) settle(id);
      }
    },
  };
}
