import { availableParallelism } from "node:os";
import { BALANCES_PATH, type BenchDatabaseKind, benchServerUrl } from "./bank-process";
import { benchSession } from "./bench-banks";
import { addSplits, type CpuSplit, cpuSplitUnavailable, startCpuSplit } from "./cpu-split";
import { compareLoad, IN_FLIGHT, type LoadTarget, observedSlice, type SliceObserver } from "./load";
import type { MeasureOptions } from "./measure";

/** Reads a target once: it must answer 200; its body is returned. */
async function readOnce(target: LoadTarget): Promise<string> {
  const response = await fetch(target.url, { headers: target.headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${body.slice(0, 300)}`);
  return body;
}

/**
 * bankSignedReadVsCryptoFloor: signed PSU-present balances reads through a bank process (one
 * worker) at 16 in flight, over the same requests to a bare Fastify server that verifies the
 * same request signature and seals the same reply with the bank's seal (crypto-floor-server.ts).
 * 1.0 would be a bank that costs nothing beyond its cryptography. The run's bank and floor of
 * this kind (bench-banks.ts) serve it, first of the figures that use them.
 */
export async function bankSignedReadVsCryptoFloor(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  const { balances } = await benchSession(kind, options);
  return compareLoad(balances.bank, balances.floor, options);
}

/** What one measurement of two workers against one gives: the figure, and the CPU split of the one-worker slices. */
type TwoWorkersRun = { ratio: number; split?: CpuSplit; splitError?: string };

/** One run per options object: the ceiling's figures reuse bankTwoWorkersVsOne's run instead of starting banks again. */
const twoWorkersRuns = new WeakMap<MeasureOptions, Promise<TwoWorkersRun>>();

function twoWorkersRun(options: MeasureOptions): Promise<TwoWorkersRun> {
  let run = twoWorkersRuns.get(options);
  if (!run) {
    run = measureTwoWorkersVsOne(options);
    twoWorkersRuns.set(options, run);
  }
  return run;
}

/**
 * bankTwoWorkersVsOne: the same signed balances reads at 16 in flight through a bank started with
 * BANK_WORKERS=2 over one started with BANK_WORKERS=1, both on the same PostgreSQL database.
 */
export async function bankTwoWorkersVsOne(options: MeasureOptions): Promise<number> {
  return (await twoWorkersRun(options)).ratio;
}

/** The cores the load, the bank and PostgreSQL share here. */
const cores = availableParallelism();

/** The one-worker slices' CPU split of bankTwoWorkersVsOne's run, or the reason there is none. */
async function twoWorkersSplit(options: MeasureOptions): Promise<{ ratio: number; split: CpuSplit }> {
  const { ratio, split, splitError } = await twoWorkersRun(options);
  if (!split)
    throw new Error(
      `bankTwoWorkersCeiling and bankTwoWorkersVsCeiling need the CPU split per request: ${splitError ?? "no CPU split was measured"}`,
    );
  return { ratio, split };
}

/**
 * The most two workers can give over one on this machine, from the one-worker slices' CPU per
 * request: the bank's X, PostgreSQL's Y, the load generator's Z. One worker serves at most 1/X
 * reads a second (one core); two at most 2/X, and at most cores/(X+Y+Z), since every read
 * costs X+Y+Z of the machine's cores. So min(2, cores·X/(X+Y+Z)): 2X/(X+Y+Z) on 2 cores.
 */
function ceilingOf(split: CpuSplit): number {
  return Math.min(2, (cores * split.bank) / (split.bank + split.postgres + split.loadGenerator));
}

/** bankTwoWorkersCeiling: the most bankTwoWorkersVsOne can be on this machine (ceilingOf), measured in the same run. */
export async function bankTwoWorkersCeiling(options: MeasureOptions): Promise<number> {
  const { split } = await twoWorkersSplit(options);
  return Math.round(ceilingOf(split) * 1000) / 1000;
}

/** bankTwoWorkersVsCeiling: bankTwoWorkersVsOne over its ceiling: how much of what the machine allows two workers get. */
export async function bankTwoWorkersVsCeiling(options: MeasureOptions): Promise<number> {
  const { ratio, split } = await twoWorkersSplit(options);
  return Math.round((ratio / ceilingOf(split)) * 1000) / 1000;
}

function formatMs(ms: number): string {
  return `${ms.toFixed(3)} ms`;
}

/** "(n requests in s): bank X (cores busy), PostgreSQL Y, load generator Z". */
function describeSplit(split: CpuSplit): string {
  const busy = (split.bank * split.requests) / 1000 / split.seconds;
  return (
    `(${split.requests} requests in ${split.seconds.toFixed(1)} s): bank ${formatMs(split.bank)} (${busy.toFixed(2)} cores busy), ` +
    `PostgreSQL ${formatMs(split.postgres)}, load generator ${formatMs(split.loadGenerator)}; ` +
    `the bank's context switches ${split.bankSwitches.voluntary.toFixed(2)} waiting and ${split.bankSwitches.involuntary.toFixed(2)} preempted`
  );
}

async function measureTwoWorkersVsOne(options: MeasureOptions): Promise<TwoWorkersRun> {
  // The run's PostgreSQL bank (bench-banks.ts) is the one worker; two workers start on its database.
  const { bank, running: one } = await benchSession("postgres", options);
  const stops: (() => Promise<void>)[] = [];
  try {
    const two = await bank.start(2);
    stops.push(two.stop);
    const oneTarget = bank.signedGet(one.url, BALANCES_PATH, "BANK_WORKERS=1");
    const twoTarget = bank.signedGet(two.url, BALANCES_PATH, "BANK_WORKERS=2");
    await readOnce(oneTarget);
    await readOnce(twoTarget);

    // The CPU split is read around the measured slices themselves; where it cannot be read
    // (not Linux, PostgreSQL elsewhere), bankTwoWorkersVsOne is still measured and the
    // ceiling's figures say why they are missing.
    const database = bank.postgresName;
    let splitError = database === undefined ? "the bench bank has no PostgreSQL database" : cpuSplitUnavailable();
    /** An observer adding each slice's split of the bank process `pid` (and its workers) to `splits`. */
    const observeSplit =
      (pid: number, splits: CpuSplit[]): SliceObserver =>
      async () => {
        if (splitError !== undefined || database === undefined) return async () => {};
        try {
          const meter = await startCpuSplit(pid, benchServerUrl(), database);
          return async (slice) => {
            try {
              splits.push(await meter.stop(slice.requests, slice.seconds));
            } catch (error) {
              splitError ??= (error as Error).message;
            }
          };
        } catch (error) {
          splitError ??= (error as Error).message;
          return async () => {};
        }
      };
    const oneSplits: CpuSplit[] = [];
    const twoSplits: CpuSplit[] = [];
    const ratio = await compareLoad(twoTarget, oneTarget, options, {
      candidate: observeSplit(two.pid, twoSplits),
      baseline: observeSplit(one.pid, oneSplits),
    });
    if (splitError !== undefined || oneSplits.length === 0 || twoSplits.length === 0) {
      const reason = splitError ?? "no one-worker or two-worker slice was measured";
      process.stderr.write(`  no CPU split per request: ${reason}\n`);
      return { ratio, splitError: reason };
    }
    const split = addSplits(oneSplits);
    const twoSplit = addSplits(twoSplits);
    process.stderr.write(
      `  CPU per request under BANK_WORKERS=1 ${describeSplit(split)}; ceiling of two workers over one on ${cores} cores ${ceilingOf(split).toFixed(3)}\n`,
    );
    process.stderr.write(
      `  CPU per request under BANK_WORKERS=2 ${describeSplit(twoSplit)}; the bank ${(twoSplit.bank / split.bank).toFixed(2)}x one worker's\n`,
    );

    // Why a read costs two workers more of the bank's CPU than one: not that each worker of two
    // has half the reads in flight (one worker at half of them costs less per read, not more),
    // but that the two cores are then full (workers, PostgreSQL and the load generator), so the
    // workers are preempted several times as often per read, and come back to cold caches; the
    // context switches printed with each split show it.
    const halfSplits: CpuSplit[] = [];
    const halfTarget: LoadTarget = { ...oneTarget, name: `BANK_WORKERS=1 at ${IN_FLIGHT / 2} in flight`, inFlight: IN_FLIGHT / 2 };
    const halfPerSecond: number[] = [];
    for (let round = 0; round < options.loadRounds; round++)
      halfPerSecond.push(Math.round(await observedSlice(halfTarget, options.loadSeconds, observeSplit(one.pid, halfSplits))));
    if (halfSplits.length > 0) {
      const half = addSplits(halfSplits);
      process.stderr.write(
        `  ${halfTarget.name}: ${halfPerSecond.join(", ")} req/s; CPU per request ${describeSplit(half)}; the bank ${(half.bank / split.bank).toFixed(2)}x at ${IN_FLIGHT} in flight\n`,
      );
    }
    return { ratio, split };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
