/**
 * `npm run bench`: every benchmark of the project, printed as one JSON object whose figures are
 * ratios against a baseline measured in the same run (never absolute times).
 */
import { benchmarks } from "./benchmarks";
import { fullMeasure, quickMeasure } from "./measure";

const quick = process.argv.includes("--quick");
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const results: Record<string, number> = {};
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stderr.write(`bench: ${name} ...\n`);
  results[name] = await run(quick ? quickMeasure : fullMeasure);
}
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
