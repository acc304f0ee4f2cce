#!/usr/bin/env node
/**
 * npm test: every suite, each as `npm run <script>`: the unit tests (test:unit) with the app's
 * build (build) beside them, then the end-to-end tests on that build (test:e2e:run), then the
 * portable ones (test:e2e:portable). It stops after the first stage in which a step failed, with
 * that step's exit code, and at the end (after a failure too) prints the time of each step that
 * ran and the total, so that a run's cost is read off its last lines.
 *
 * The build runs while the unit tests do: they leave part of the two cores idle (their child
 * processes' starts, waits on sockets, the last files on one worker), which the build takes, and
 * neither needs the other. Its output is held and printed when it ends, after the unit tests' own,
 * so that neither is interleaved with the other.
 */
import { spawn } from "node:child_process";

const npm = process.env.npm_execpath === undefined ? "npm" : process.execPath;
const npmArgs = process.env.npm_execpath === undefined ? [] : [process.env.npm_execpath];

/** Stages one after the other; the steps of a stage together, the first with the terminal, the others' output held until the stage's first step is done. */
const STAGES = [
  [
    { name: "unit", script: "test:unit" },
    { name: "build", script: "build" },
  ],
  [{ name: "e2e", script: "test:e2e:run" }],
  [{ name: "portable", script: "test:e2e:portable" }],
];
const STEPS = STAGES.flat();

/**
 * Runs `npm run <script>` and resolves with its exit code (1 when a signal ended it), its time in
 * seconds and, when `held`, its output (stdout and stderr in the order they came).
 */
function run(script, { held }) {
  const begun = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, [...npmArgs, "run", "-s", script], { stdio: held ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    if (held) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
    const done = (code) => resolve({ code, seconds: (performance.now() - begun) / 1000, output: Buffer.concat(output) });
    child.once("error", (error) => {
      process.stderr.write(`npm test: could not start npm run ${script}: ${error.message}\n`);
      done(1);
    });
    // "close": the output held is complete once the streams have closed.
    child.once("close", (code) => done(code ?? 1));
  });
}

/** Seconds as "m:ss". */
function clock(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// Ctrl-C reaches the children as well (one process group): wait for them, then say what ran.
process.on("SIGINT", () => {});
const started = performance.now();
/** Each step run: its exit code and time. */
const times = new Map();
let failed;
for (const stage of STAGES) {
  const [first, ...beside] = stage;
  const besideRuns = beside.map((step) => run(step.script, { held: true }).then((result) => ({ step, result })));
  const firstResult = await run(first.script, { held: false });
  times.set(first.name, firstResult);
  const results = [{ step: first, result: firstResult }];
  for (const besideRun of besideRuns) {
    const { step, result } = await besideRun;
    process.stdout.write(`\nnpm test: the output of npm run ${step.script}, run beside npm run ${first.script}:\n`);
    process.stdout.write(result.output);
    times.set(step.name, result);
    results.push({ step, result });
  }
  failed = results.find(({ result }) => result.code !== 0);
  if (failed !== undefined) break;
}

const lines = ["", "Times of npm test (m:ss):"];
for (const step of STEPS) {
  const time = times.get(step.name);
  const stage = STAGES.find((steps) => steps.includes(step)) ?? [];
  const besideNote = stage.indexOf(step) > 0 ? `  beside ${stage[0].name}` : "";
  lines.push(
    time === undefined
      ? `  ${step.name.padEnd(9)} ${"-".padStart(6)}  not run`
      : `  ${step.name.padEnd(9)} ${clock(time.seconds).padStart(6)}${besideNote}${time.code === 0 ? "" : `  failed (exit ${time.code})`}`,
  );
}
lines.push(`  ${"total".padEnd(9)} ${clock((performance.now() - started) / 1000).padStart(6)}`);
process.stdout.write(`${lines.join("\n")}\n`);
if (failed !== undefined) {
  process.stderr.write(`npm test: npm run ${failed.step.script} failed (exit ${failed.result.code})\n`);
  process.exit(failed.result.code);
}
