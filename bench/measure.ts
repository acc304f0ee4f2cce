/**
 * Throughput comparisons for `npm run bench`: two operations timed in alternating slices in the
 * same process, so that both see the same machine load; the figure is the median of the
 * per-round ratios.
 */
export type MeasureOptions = {
  /** Rounds of (A, B) slices. */
  rounds: number;
  /** The time each slice runs for. */
  sliceMs: number;
  /** Rounds of (A, B) slices of HTTP load (load.ts). */
  loadRounds: number;
  /** Seconds each slice of HTTP load runs for. */
  loadSeconds: number;
  /** A pass that only shows each benchmark runs (the unit test): smaller data where the size is the figure's point. */
  quick?: boolean;
};

export const quickMeasure: MeasureOptions = { rounds: 2, sliceMs: 20, loadRounds: 1, loadSeconds: 1, quick: true };
export const fullMeasure: MeasureOptions = { rounds: 7, sliceMs: 300, loadRounds: 3, loadSeconds: 3 };

function opsPerSecond(operation: () => void, sliceMs: number): number {
  const start = process.hrtime.bigint();
  const limit = start + BigInt(sliceMs) * 1_000_000n;
  let count = 0;
  let now = start;
  // Check the clock every 8 operations: cheap against the operations measured here.
  while (now < limit) {
    for (let i = 0; i < 8; i++) operation();
    count += 8;
    now = process.hrtime.bigint();
  }
  return count / (Number(now - start) / 1e9);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The median ratio over alternating rounds of the two throughputs, each slice timed by `time`. */
async function compareRounds<Op>(
  candidate: Op,
  baseline: Op,
  options: MeasureOptions,
  time: (operation: Op, sliceMs: number) => number | Promise<number>,
): Promise<number> {
  // Warm both up before measuring.
  await time(candidate, Math.min(50, options.sliceMs));
  await time(baseline, Math.min(50, options.sliceMs));
  const ratios: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    // Alternate which goes first, so that neither always gets the warmer slot.
    if (round % 2 === 0) {
      const c = await time(candidate, options.sliceMs);
      ratios.push(c / (await time(baseline, options.sliceMs)));
    } else {
      const b = await time(baseline, options.sliceMs);
      ratios.push((await time(candidate, options.sliceMs)) / b);
    }
  }
  return Math.round(median(ratios) * 1000) / 1000;
}

/** The throughput of `candidate` over that of `baseline` (1.0 = as fast). */
export function compareThroughput(candidate: () => void, baseline: () => void, options: MeasureOptions): Promise<number> {
  return compareRounds(candidate, baseline, options, opsPerSecond);
}
