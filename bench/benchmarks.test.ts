import { afterAll, describe, expect, it } from "vitest";
import { closeBenchSessions } from "./bench-banks";
import { baselines, benchmarks, notInQuickPass, signedFigures } from "./benchmarks";
import { quickMeasure } from "./measure";

// Benchmarks are not timed assertions: this only shows that each runs and yields a ratio.
describe("benchmarks", () => {
  // The bank and crypto floor of each database that the bank's figures share (bench-banks.ts).
  afterAll(() => closeBenchSessions(), 60_000);

  it("says what the baseline of every figure is, those left out of this pass too", () => {
    for (const name of Object.keys(benchmarks)) expect(baselines[name], name).toMatch(/ \/ /);
    for (const name of notInQuickPass) expect(Object.keys(benchmarks)).toContain(name);
  });

  // The app's figures need a build of the app and minutes of load: `npm run bench` measures them.
  it.each(Object.entries(benchmarks).filter(([name]) => !notInQuickPass.has(name)))(
    "%s runs and gives a ratio",
    async (name, run) => {
      // Every figure says what its baseline is.
      expect(baselines[name]).toMatch(/ \/ /);
      const ratio = await run(quickMeasure);
      expect(Number.isFinite(ratio)).toBe(true);
      if (!signedFigures.has(name)) expect(ratio).toBeGreaterThan(0);
      // A bank benchmark first builds a sandbox bank and starts its processes (seconds, a minute
      // or more on a loaded machine). bankTwoWorkersCeiling and bankTwoWorkersVsCeiling come from
      // bankTwoWorkersVsOne's run (the same quickMeasure object), so they start no bank.
    },
    300_000,
  );
});
