/**
 * The sandbox's payment batch processing: five scheduled runs a day on the sandbox clock
 * (06:00, 09:00, 12:00, 15:00 and 19:00 Europe/Oslo), each running the registered processors in
 * order. The last scheduled run is kept in the settings table, written in the same database
 * transaction as the run itself, so that a restart neither misses nor repeats a run; the row is
 * locked during a run, so that two bank processes on one PostgreSQL never run the same instant.
 *
 * Triggers: every move of the sandbox clock, a timer in the running server, and
 * POST /v1/sandbox/batch-runs (the due scheduled runs, then one run at the current sandbox time).
 *
 * @see docs/interface/payments.md#batch-processing, docs/interface/sandbox-operations.md#clock-and-batch-runs
 */
import { z } from "zod";
import type { BankDatabase, Executor } from "../../db/open-bank-database";
import { createSettingsRepository } from "../../repositories/settings-repository";
import { BATCH_RUN_TIMES, BATCH_TIME_ZONE, countScheduledBatchRuns, listScheduledBatchRuns, nextScheduledBatchRun } from "./batch-schedule";
import { durationMs } from "../../../psd2/time";
import type { ClockChange } from "./sandbox-clock";
import type { ServiceClock } from "../service-context";
import type { SandboxBatchRunsOutcome, SandboxClockState } from "../../../psd2/schemas";

/** What a processor reports of one run: how many items it processed, and any counts of its own. */
export type BatchProcessorResult = { processed: number; [detail: string]: unknown };

/**
 * One kind of work of a batch run (e.g. the payments due). It runs inside the run's database
 * transaction (a savepoint of its own) and must use the executor it is given; it must not move
 * the sandbox clock (a move waits for the run in progress).
 */
export type BatchProcessor = (runAt: Date, db: Executor) => Promise<BatchProcessorResult>;

export type ProcessorOutcome =
  { name: string; status: "completed"; result: BatchProcessorResult } | { name: string; status: "failed"; error: string };

/**
 * What a trigger ran: the runs (oldest first, at most the last LISTED_RUNS of them), how many
 * failed, and the scheduled runs passed over by a jump of the clock longer than the catch-up
 * window. The wire's shape, lib/psd2's.
 */
export type BatchRunsOutcome = SandboxBatchRunsOutcome;

/** One run: its instant (a scheduled time, or the sandbox time of an on-demand run), trigger, status and processors. */
export type BatchRun = BatchRunsOutcome["runs"][number];

export type BatchRunTrigger = BatchRun["trigger"];

export type BatchSchedule = SandboxClockState["batchSchedule"];

/** Runs further back than this from the clock's time are passed over (counted as skipped). */
export const CATCH_UP_WINDOW_DAYS = 366;
/** Runs listed in an outcome (the latest). */
export const LISTED_RUNS = 100;

const MARKER_KEY = "batch-runs";
const markerSchema = z.object({ lastScheduledRun: z.iso.datetime({ offset: true }) });
const ERROR_TEXT_LIMIT = 300;

type RunnerLog = { error(details: object, message: string): void };

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT - 1)}…` : text;
}

function summarise(runs: readonly BatchRun[], skipped: number): BatchRunsOutcome {
  return {
    ran: runs.length,
    failed: runs.filter((run) => run.status === "failed").length,
    skipped,
    runs: runs.slice(-LISTED_RUNS),
  };
}

/**
 * Runs the sandbox's batch processing on the sandbox clock: the scheduled runs that are due, in
 * order and exactly once each, and on-demand runs.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export class BatchRunner {
  private readonly processors = new Map<string, BatchProcessor>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly collectors = new Set<{ runs: BatchRun[]; skipped: number }>();

  private constructor(
    private readonly db: BankDatabase,
    private readonly clock: ServiceClock,
    private readonly log: RunnerLog | undefined,
  ) {}

  /**
   * The runner of a bank. A bank that never ran a batch starts its schedule at the clock's time:
   * runs before its first start are not due.
   */
  static async load(options: { db: BankDatabase; clock: ServiceClock; log?: RunnerLog }): Promise<BatchRunner> {
    const now = options.clock.now();
    await createSettingsRepository(options.db).setIfAbsent(MARKER_KEY, { lastScheduledRun: now.toISOString() }, now);
    return new BatchRunner(options.db, options.clock, options.log);
  }

  /** Adds a processor; processors run in the order they were registered. Returns its removal. */
  register(name: string, processor: BatchProcessor): () => void {
    if (this.processors.has(name)) throw new Error(`a batch processor named ${name} is registered already`);
    this.processors.set(name, processor);
    return () => this.processors.delete(name);
  }

  /** The names of the registered processors, in order. */
  processorNames(): string[] {
    return [...this.processors.keys()];
  }

  /** The scheduled runs that are due by the clock's time, each once. */
  async runDue(): Promise<BatchRunsOutcome> {
    return this.exclusive(() => this.runScheduled());
  }

  /** The due scheduled runs, then one run at the clock's time (POST /v1/sandbox/batch-runs). */
  async runNow(): Promise<BatchRunsOutcome> {
    return this.exclusive(async () => {
      const due = await this.runScheduled();
      const now = this.clock.now();
      const run = await this.db.transaction((tx) => this.runProcessors(tx, now, "demand"));
      this.report([run], 0);
      return summarise([...due.runs, run], due.skipped);
    });
  }

  /**
   * Follows a move of the sandbox clock: a move back rewinds the schedule to the new time (runs
   * after it are due again when the clock passes them), then the due runs run.
   */
  async handleClockChange(change: ClockChange): Promise<BatchRunsOutcome> {
    return this.exclusive(async () => {
      if (change.to.getTime() < (await this.lastScheduledRun()).getTime()) {
        await createSettingsRepository(this.db).set(MARKER_KEY, { lastScheduledRun: change.to.toISOString() }, change.to);
      }
      return this.runScheduled();
    });
  }

  /** Runs `action` (e.g. a move of the clock) and tells which batch runs ran meanwhile. */
  async collect<T>(action: () => Promise<T>): Promise<{ value: T; batchRuns: BatchRunsOutcome }> {
    const collector = { runs: [] as BatchRun[], skipped: 0 };
    this.collectors.add(collector);
    try {
      const value = await action();
      // A run already queued by the action (e.g. the clock's listener) finishes first.
      await this.idle();
      return { value, batchRuns: summarise(collector.runs, collector.skipped) };
    } finally {
      this.collectors.delete(collector);
    }
  }

  async schedule(): Promise<BatchSchedule> {
    const last = await this.lastScheduledRun();
    const now = this.clock.now();
    return {
      timeZone: BATCH_TIME_ZONE,
      times: [...BATCH_RUN_TIMES],
      lastScheduledRun: last.toISOString(),
      nextScheduledRun: nextScheduledBatchRun(last.getTime() > now.getTime() ? last : now).toISOString(),
    };
  }

  /** Resolves when no run is in progress or queued (the bank waits for it when closing). */
  async idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.queue;
      await seen.catch(() => undefined);
    } while (seen !== this.queue);
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task, task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async lastScheduledRun(): Promise<Date> {
    const settings = createSettingsRepository(this.db);
    const saved = markerSchema.safeParse(await settings.get(MARKER_KEY));
    if (saved.success) return new Date(saved.data.lastScheduledRun);
    // A lost or damaged marker starts the schedule anew at the clock's time.
    const now = this.clock.now();
    await settings.set(MARKER_KEY, { lastScheduledRun: now.toISOString() }, now);
    return now;
  }

  private report(runs: readonly BatchRun[], skipped: number): void {
    for (const collector of this.collectors) {
      collector.runs.push(...runs);
      collector.skipped += skipped;
    }
  }

  private async runScheduled(): Promise<BatchRunsOutcome> {
    const now = this.clock.now();
    const last = await this.lastScheduledRun();
    if (now.getTime() <= last.getTime()) return summarise([], 0);
    const windowStart = new Date(now.getTime() - durationMs({ days: CATCH_UP_WINDOW_DAYS }));
    const from = last.getTime() < windowStart.getTime() ? windowStart : last;
    const skipped = countScheduledBatchRuns(last, from);
    const due = listScheduledBatchRuns(from, now);
    const runs: BatchRun[] = [];

    if (this.processors.size === 0) {
      // Nothing to run: the schedule moves on in one write.
      const target = due.at(-1) ?? (skipped > 0 ? from : undefined);
      if (target) await this.moveMarker(target);
      runs.push(
        ...due.map((runAt): BatchRun => ({ runAt: runAt.toISOString(), trigger: "schedule", status: "completed", processors: [] })),
      );
    } else {
      if (skipped > 0 && due.length === 0) await this.moveMarker(from);
      for (const runAt of due) {
        const run = await this.db.transaction(async (tx) => {
          const settings = createSettingsRepository(tx);
          const marker = markerSchema.safeParse(await settings.getForUpdate(MARKER_KEY));
          // Another process ran it meanwhile.
          if (marker.success && new Date(marker.data.lastScheduledRun).getTime() >= runAt.getTime()) return undefined;
          const done = await this.runProcessors(tx, runAt, "schedule");
          await settings.set(MARKER_KEY, { lastScheduledRun: runAt.toISOString() }, runAt);
          return done;
        });
        if (run) runs.push(run);
      }
    }
    this.report(runs, skipped);
    return summarise(runs, skipped);
  }

  /** Moves the schedule forward (never back: another process may be ahead). */
  private async moveMarker(to: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const settings = createSettingsRepository(tx);
      const marker = markerSchema.safeParse(await settings.getForUpdate(MARKER_KEY));
      if (marker.success && new Date(marker.data.lastScheduledRun).getTime() >= to.getTime()) return;
      await settings.set(MARKER_KEY, { lastScheduledRun: to.toISOString() }, to);
    });
  }

  /** Every processor in its own savepoint: a failing one is rolled back and reported, the others keep their work. */
  private async runProcessors(tx: Executor, runAt: Date, trigger: BatchRunTrigger): Promise<BatchRun> {
    const processors: ProcessorOutcome[] = [];
    for (const [name, processor] of this.processors) {
      try {
        const result = await tx.transaction((savepoint) => processor(runAt, savepoint));
        processors.push({ name, status: "completed", result });
      } catch (error) {
        this.log?.error({ err: error, processor: name, runAt: runAt.toISOString() }, "batch processor failed; its work was rolled back");
        processors.push({ name, status: "failed", error: errorText(error) });
      }
    }
    return {
      runAt: runAt.toISOString(),
      trigger,
      status: processors.some((outcome) => outcome.status === "failed") ? "failed" : "completed",
      processors,
    };
  }
}
