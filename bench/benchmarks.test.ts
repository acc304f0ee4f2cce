import { describe, expect, it } from "vitest";
import { benchmarks } from "./benchmarks";
import { quickMeasure } from "./measure";

// Benchmarks are not timed assertions: this only shows that each runs and yields a ratio.
describe("benchmarks", () => {
  it.each(Object.entries(benchmarks))("%s runs and gives a ratio", async (_name, run) => {
    const ratio = await run(quickMeasure);
    expect(Number.isFinite(ratio)).toBe(true);
    expect(ratio).toBeGreaterThan(0);
    // A database benchmark first builds a sandbox bank (seconds, more on a loaded machine).
  }, 120_000);
});
