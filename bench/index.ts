/**
 * `npm run bench`: every benchmark of the project, printed as one JSON object whose figures are
 * ratios against a baseline measured in the same run (never absolute times); what each
 * baseline is goes to stderr, a line per figure.
 */
import { closeBenchSessions } from "./bench-banks";
import { baselines, benchmarks } from "./benchmarks";
import { fullMeasure, quickMeasure } from "./measure";

const quick = process.argv.includes("--quick");
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const unknown = only.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  process.stderr.write(`bench: no figure named ${unknown.join(", ")}; the figures are ${Object.keys(benchmarks).join(", ")}\n`);
  process.exit(2);
}
const results: Record<string, number> = {};
const failed: Record<string, string> = {};
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stderr.write(`bench: ${name} ...\n`);
  // A figure that cannot be measured here (one that reads /proc, off Linux) is named with its
  // reason; the others are still measured.
  try {
    results[name] = await run(quick ? quickMeasure : fullMeasure);
  } catch (error) {
    failed[name] = error instanceof Error ? error.message : String(error);
    process.stderr.write(`bench: ${name} not measured: ${failed[name]}\n`);
  }
}
// The banks and crypto floors the bank's figures shared (bench-banks.ts).
await closeBenchSessions();
for (const [name, ratio] of Object.entries(results))
  process.stderr.write(`${name} ${ratio}: ${baselines[name] ?? "candidate / baseline"}\n`);
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
if (Object.keys(failed).length > 0) process.exitCode = 1;
