import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { TppDatabase } from "../db/open-tpp-database";
import { type Rounds, startRounds } from "../scheduling/start-rounds";
import {
  DEFAULT_PRUNE_BATCH_SIZE,
  type PruneCount,
  pruneHeldTransactionsBatch,
  pruneRecordsBatch,
  retentionCutoff,
} from "./prune-old-records";
import { describeRetentionPeriod } from "./record-retention";

/** How often a running app deletes what has grown too old: once an hour, and once at its start. */
export const DEFAULT_PRUNE_INTERVAL_MS = 3_600_000;
/** Batches one round runs at most (100,000 rows of each table by default); the next round goes on. */
export const DEFAULT_MAX_BATCHES_PER_ROUND = 200;

export interface RecordPrunerOptions {
  readonly db: TppDatabase;
  /** TPP_RECORD_RETENTION_DAYS. */
  readonly retentionDays: number;
  /** The system clock unless a test says otherwise. */
  readonly now?: () => Date;
  readonly batchSize?: number;
  readonly maxBatchesPerRound?: number;
  readonly intervalMs?: number;
  /** Where a round that deleted something, or failed, is told; default the console. */
  readonly log?: (line: string) => void;
}

/** Runs a round now (or waits for the one running) and tells what it deleted; stop() lets the running batch finish. */
export type RecordPruner = Rounds<PruneCount>;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * Keeps the request inspector's calls and the flows for `retentionDays`: a round at once, then
 * one every `intervalMs`. A round deletes in batches (pruneRecordsBatch: each its own short
 * transaction), letting other queries in between, until nothing older is left or
 * `maxBatchesPerRound` have run. A failed round is logged and the next one tries again. The timer
 * does not keep the process alive.
 */
export function startRecordPruner(options: RecordPrunerOptions): RecordPruner {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_PRUNE_BATCH_SIZE;
  const maxBatches = options.maxBatchesPerRound ?? DEFAULT_MAX_BATCHES_PER_ROUND;
  const log = options.log ?? ((line: string) => console.log(line));

  const round = async (stopped: () => boolean): Promise<PruneCount> => {
    let bankCalls = 0;
    let flows = 0;
    const before = retentionCutoff(now(), options.retentionDays);
    for (let batch = 0; batch < maxBatches && !stopped(); batch += 1) {
      const deleted = await pruneRecordsBatch(options.db, before, batchSize);
      bankCalls += deleted.bankCalls;
      flows += deleted.flows;
      if (deleted.bankCalls < batchSize && deleted.flows < batchSize) break;
      // Requests' queries waiting for the database go before the next batch.
      await nextTurn();
    }
    let transactions = 0;
    for (let batch = 0; batch < maxBatches && !stopped(); batch += 1) {
      const deleted = await pruneHeldTransactionsBatch(options.db, before, batchSize);
      transactions += deleted;
      if (deleted < batchSize) break;
      await nextTurn();
    }
    if (transactions > 0) {
      log(
        `tpp: deleted ${plural(transactions, "transaction")} read without the PSU first seen before ${before.toISOString()} (kept ${describeRetentionPeriod(options.retentionDays)}, TPP_RECORD_RETENTION_DAYS)`,
      );
    }
    if (bankCalls > 0 || flows > 0) {
      log(
        `tpp: deleted ${plural(bankCalls, "bank call")} and ${plural(flows, "flow")} that started before ${before.toISOString()} (kept ${describeRetentionPeriod(options.retentionDays)}, TPP_RECORD_RETENTION_DAYS)`,
      );
    }
    return { bankCalls, flows };
  };

  return startRounds({
    round,
    intervalMs: options.intervalMs ?? DEFAULT_PRUNE_INTERVAL_MS,
    log,
    describeFailure: (message) =>
      `tpp: could not delete the request inspector's calls and flows older than ${describeRetentionPeriod(options.retentionDays)} (the next round tries again): ${message}`,
  });
}
