/**
 * `npm run bench`: every benchmark of the project, printed as one JSON object whose figures are
 * ratios against a baseline measured in the same run (never absolute times); what each
 * baseline is goes to stderr, a line per figure.
 */
import { baselines, benchmarks } from "./benchmarks";
import { fullMeasure, quickMeasure } from "./measure";

const quick = process.argv.includes("--quick");
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const results: Record<string, number> = {};
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stderr.write(`bench: ${name} ...\n`);
  results[name] = await run(quick ? quickMeasure : fullMeasure);
}
for (const [name, ratio] of Object.entries(results))
  process.stderr.write(`${name} ${ratio}: ${baselines[name] ?? "candidate / baseline"}\n`);
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
