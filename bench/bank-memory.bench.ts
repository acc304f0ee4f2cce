/**
 * The bank's memory for `npm run bench`: the resident memory of a bank process (one worker) right
 * after its start and after 10,000 signed PSU-present balances reads at 16 in flight, and its
 * growth over the second half of those reads, from a sample every 1,000 reads (the slope of a
 * least-squares line through the samples from 5,000 on, in MB per 1,000 reads): PGlite and
 * PostgreSQL. A quick pass reads 32 times.
 */
import autocannon from "autocannon";
import { BALANCES_PATH, type BenchDatabaseKind } from "./bank-process";
import { benchSession } from "./bench-banks";
import { IN_FLIGHT, type LoadTarget } from "./load";
import type { MeasureOptions } from "./measure";
import { residentMemoryMb } from "./resident-memory";

/** Reads in all, and the samples of the memory taken (one after each equal share of the reads). */
const READS = { full: { total: 10_000, samples: 10 }, quick: { total: 32, samples: 2 } };

type MemoryRun = { afterStart: number; afterReads: number; growthPerThousand: number };

const runs = new WeakMap<MeasureOptions, Map<BenchDatabaseKind, Promise<MemoryRun>>>();

function memoryRun(kind: BenchDatabaseKind, options: MeasureOptions): Promise<MemoryRun> {
  let byKind = runs.get(options);
  if (!byKind) runs.set(options, (byKind = new Map()));
  let run = byKind.get(kind);
  if (!run) byKind.set(kind, (run = measureMemory(kind, options)));
  return run;
}

/** bankMemoryAfterStart: the bank process's resident memory right after its start, in MB. */
export async function bankMemoryAfterStart(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  return (await memoryRun(kind, options)).afterStart;
}

/** bankMemoryAfterReads: the same after 10,000 signed reads, in MB. */
export async function bankMemoryAfterReads(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  return (await memoryRun(kind, options)).afterReads;
}

/** bankMemoryGrowth: its growth over the second half of the reads, in MB per 1,000 reads. */
export async function bankMemoryGrowth(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  return (await memoryRun(kind, options)).growthPerThousand;
}

async function sendReads(target: LoadTarget, amount: number): Promise<void> {
  const result = await autocannon({ url: target.url, method: "GET", headers: target.headers, connections: IN_FLIGHT, amount, timeout: 60 });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 || result["2xx"] !== amount)
    throw new Error(
      `${target.name}: ${result["2xx"]} of ${amount} reads answered 2xx (${result.non2xx} other replies, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
}

/** The slope of the least-squares line through the points, per unit of x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

async function measureMemory(kind: BenchDatabaseKind, options: MeasureOptions): Promise<MemoryRun> {
  const session = await benchSession(kind, options);
  // A full run starts a bank process of its own on the run's database, so that its memory is
  // that of a start and of these reads alone; a quick pass (which only shows that the figures
  // are measured) reads through the run's bank.
  const own = options.quick ? undefined : await session.bank.start(1);
  try {
    const running = own ?? session.running;
    const afterStart = own ? residentMemoryMb(own.pid) : session.residentAfterStartMb;
    const target = session.bank.signedGet(running.url, BALANCES_PATH, `balances, bank (${kind})`);
    const { total, samples: count } = options.quick ? READS.quick : READS.full;
    const samples: { x: number; y: number }[] = [];
    for (let sample = 1; sample <= count; sample++) {
      await sendReads(target, total / count);
      samples.push({ x: (sample * total) / count, y: residentMemoryMb(running.pid) });
    }
    const afterReads = samples[samples.length - 1]?.y ?? NaN;
    const growthPerThousand = Math.round(slope(samples.filter((point) => point.x >= total / 2)) * 1000 * 1000) / 1000;
    process.stderr.write(
      `  bank (${kind}) resident memory: ${afterStart} MB after start; ${samples.map((point) => `${point.y} MB after ${point.x}`).join(", ")} reads\n`,
    );
    return { afterStart, afterReads, growthPerThousand };
  } finally {
    await own?.stop();
  }
}
