#!/usr/bin/env node
/**
 * npm test: every suite, as `npm run <script>` each: the unit tests (test:unit) with the app's
 * build (build) beside them, then the end-to-end tests on that build (test:e2e:run), then the
 * portable ones (test:e2e:portable). It stops at the first that fails, with that step's exit code,
 * and at the end (after a failure too) prints the time of each step that ran, and the total.
 *
 * The build runs while the unit tests do, its output kept and printed after theirs: the unit
 * tests leave much of the machine's two cores idle while they wait on PostgreSQL and on the
 * processes they start, and the build fills them. TEST_ALL_SERIAL=1 runs one step after the other
 * (each step's time then its own, as when measuring it).
 */
import { spawn } from "node:child_process";

const serial = process.env.TEST_ALL_SERIAL === "1";
const npm = process.env.npm_execpath === undefined ? "npm" : process.execPath;
const npmArgs = process.env.npm_execpath === undefined ? [] : [process.env.npm_execpath];

/**
 * Runs `npm run <script>`, with this process's output or (`quiet`) its output kept, and resolves
 * with its exit code (1 when a signal ended it), its time in seconds and the output kept.
 */
function run(script, { quiet = false } = {}) {
  const begun = performance.now();
  return new Promise((resolve) => {
    const kept = [];
    const child = spawn(npm, [...npmArgs, "run", "-s", script], { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => kept.push(chunk));
    const done = (code) => resolve({ code, seconds: (performance.now() - begun) / 1000, output: Buffer.concat(kept).toString("utf8") });
    child.once("error", (error) => {
      kept.push(Buffer.from(`test-all: could not start npm run ${script}: ${error.message}\n`));
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

const STEPS = ["unit", "build", "e2e", "portable"];
const SCRIPTS = { unit: "test:unit", build: "build", e2e: "test:e2e:run", portable: "test:e2e:portable" };
/** Each step run: its exit code and time. */
const times = new Map();
// Ctrl-C reaches the children as well (one process group): wait for them, then say what ran.
process.on("SIGINT", () => {});
const started = performance.now();

async function main() {
  if (serial) {
    for (const name of ["unit", "build"]) {
      const result = await run(SCRIPTS[name]);
      times.set(name, result);
      if (result.code !== 0) return name;
    }
  } else {
    const building = run(SCRIPTS.build, { quiet: true });
    const unit = await run(SCRIPTS.unit);
    times.set("unit", unit);
    const build = await building;
    times.set("build", build);
    process.stdout.write(`\n> npm run build (beside the unit tests)\n${build.output}`);
    if (unit.code !== 0) return "unit";
    if (build.code !== 0) return "build";
  }
  for (const name of ["e2e", "portable"]) {
    const result = await run(SCRIPTS[name]);
    times.set(name, result);
    if (result.code !== 0) return name;
  }
  return undefined;
}

const failed = await main();
const total = (performance.now() - started) / 1000;
const lines = ["", `Times of npm test (m:ss)${serial ? "" : ", the build beside the unit tests"}:`];
for (const name of STEPS) {
  const time = times.get(name);
  lines.push(
    time === undefined
      ? `  ${name.padEnd(9)} ${"-".padStart(6)}  not run`
      : `  ${name.padEnd(9)} ${clock(time.seconds).padStart(6)}${time.code === 0 ? "" : `  failed (exit ${time.code})`}`,
  );
}
lines.push(`  ${"total".padEnd(9)} ${clock(total).padStart(6)}`);
process.stdout.write(`${lines.join("\n")}\n`);
if (failed !== undefined) {
  const { code } = times.get(failed);
  process.stderr.write(`npm test: npm run ${SCRIPTS[failed]} failed (exit ${code})\n`);
  process.exit(code);
}
