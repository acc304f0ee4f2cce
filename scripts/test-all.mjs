#!/usr/bin/env node
/**
 * npm test: every suite, one after the other, each as `npm run <script>`: the unit tests
 * (test:unit), the app's build (build), the end-to-end tests on that build (test:e2e:run), then
 * the portable ones (test:e2e:portable). It stops at the first step that fails, with that step's
 * exit code, and at the end (after a failure too) prints the time of each step that ran and the
 * total, so that a run's cost is read off its last lines.
 */
import { spawn } from "node:child_process";

const npm = process.env.npm_execpath === undefined ? "npm" : process.execPath;
const npmArgs = process.env.npm_execpath === undefined ? [] : [process.env.npm_execpath];

const STEPS = [
  { name: "unit", script: "test:unit" },
  { name: "build", script: "build" },
  { name: "e2e", script: "test:e2e:run" },
  { name: "portable", script: "test:e2e:portable" },
];

/** Runs `npm run <script>` with this process's output, and resolves with its exit code (1 when a signal ended it) and its time in seconds. */
function run(script) {
  const begun = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, [...npmArgs, "run", "-s", script], { stdio: "inherit" });
    const done = (code) => resolve({ code, seconds: (performance.now() - begun) / 1000 });
    child.once("error", (error) => {
      process.stderr.write(`npm test: could not start npm run ${script}: ${error.message}\n`);
      done(1);
    });
    child.once("exit", (code) => done(code ?? 1));
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
for (const step of STEPS) {
  const result = await run(step.script);
  times.set(step.name, result);
  if (result.code !== 0) {
    failed = { step, code: result.code };
    break;
  }
}

const lines = ["", "Times of npm test (m:ss):"];
for (const step of STEPS) {
  const time = times.get(step.name);
  lines.push(
    time === undefined
      ? `  ${step.name.padEnd(9)} ${"-".padStart(6)}  not run`
      : `  ${step.name.padEnd(9)} ${clock(time.seconds).padStart(6)}${time.code === 0 ? "" : `  failed (exit ${time.code})`}`,
  );
}
lines.push(`  ${"total".padEnd(9)} ${clock((performance.now() - started) / 1000).padStart(6)}`);
process.stdout.write(`${lines.join("\n")}\n`);
if (failed !== undefined) {
  process.stderr.write(`npm test: npm run ${failed.step.script} failed (exit ${failed.code})\n`);
  process.exit(failed.code);
}
