#!/usr/bin/env node
/**
 * npm run demo:time [-- --runs N]: how long `npm run demo` takes to be ready, in seconds.
 *
 * Starts `node scripts/demo.mjs start` N times (3 by default) on data directories of its own in
 * a temporary folder (the project's .data is left alone), each time until the demo prints that
 * both answer, then stops it with SIGTERM and waits for it to end. The first start makes the
 * databases and the app's certificate (and builds the app or bundles the bank if their sources
 * changed since the last build, which the demo says); the others are second starts: a built tree,
 * the sources unchanged, the data directories there. For each start it prints the time from the
 * spawn to "ready", the bank's and the app's own times as the demo counted them, their resident
 * memory then (Linux) and the load average. PORT and BANK_PORT choose the ports as for the demo.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
let runs = 3;
for (let index = 0; index < args.length; index++) {
  if (args[index] === "--runs" && /^\d+$/.test(args[index + 1] ?? "") && Number(args[index + 1]) >= 1) runs = Number(args[++index]);
  else {
    process.stderr.write("demo:time: the only option is --runs N (N at least 1)\n");
    process.exit(2);
  }
}

/** The resident memory of a process in MB, from /proc (Linux), or undefined. */
function rssMb(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

/** The demo's children (the bank and the app) by what they run, from /proc (Linux). */
function childrenOf(pid) {
  const found = {};
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
      const command = readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0").join(" ");
      if (/server\.mjs|lib\/bank\/server\.ts/.test(command)) found.bank = Number(child);
      else if (/next/.test(command)) found.app = Number(child);
    }
  } catch {
    // not Linux, or gone
  }
  return found;
}

/** The demo running now, stopped on Ctrl-C before the temporary folder is removed. */
let current;

/** One start of the demo until "ready in": its figures, or a reason it failed. */
function timeOneStart(env) {
  return new Promise((resolve) => {
    const spawned = performance.now();
    const child = spawn(process.execPath, [path.join(root, "scripts", "demo.mjs"), "start"], {
      cwd: root,
      env: { ...env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    current = child;
    const tail = [];
    const notes = [];
    let result;
    const keep = (line) => {
      tail.push(line);
      if (tail.length > 30) tail.shift();
    };
    createInterface({ input: child.stderr }).on("line", keep);
    createInterface({ input: child.stdout }).on("line", (line) => {
      keep(line);
      if (/^\[demo\] (building the app|bundled the bank)/.test(line)) notes.push(line.replace(/^\[demo\] /, ""));
      const ready = /^\[demo\] ready in ([\d.]+) s: the bank answered after ([\d.]+) s, the app after ([\d.]+) s/.exec(line);
      if (ready && result === undefined) {
        const { bank, app } = childrenOf(child.pid);
        result = {
          readySeconds: (performance.now() - spawned) / 1000,
          demoSeconds: Number(ready[1]),
          bankSeconds: Number(ready[2]),
          appSeconds: Number(ready[3]),
          bankRssMb: bank === undefined ? undefined : rssMb(bank),
          appRssMb: app === undefined ? undefined : rssMb(app),
          load: loadavg()[0],
          notes,
        };
        child.kill("SIGTERM");
      }
    });
    child.on("exit", (code, signal) => {
      current = undefined;
      if (result !== undefined) resolve(result);
      else resolve({ failed: `the demo ended (${signal ?? `code ${code}`}) before it was ready`, tail });
    });
  });
}

const dataRoot = mkdtempSync(path.join(tmpdir(), "demo-time-"));
const env = {
  ...process.env,
  BANK_DATA_DIR: path.join(dataRoot, "bank"),
  TPP_DATA_DIR: path.join(dataRoot, "tpp"),
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    const end = () => {
      rmSync(dataRoot, { recursive: true, force: true });
      process.exit(130);
    };
    if (current === undefined) end();
    else {
      current.once("exit", end);
      current.kill("SIGTERM");
    }
  });
}
const fmt = (value) => (value === undefined ? "?" : String(value));
const seconds = [];
let failed = false;
try {
  for (let run = 1; run <= runs; run++) {
    const outcome = await timeOneStart(env);
    if ("failed" in outcome) {
      process.stderr.write(`demo:time: start ${run}: ${outcome.failed}; its last lines:\n${outcome.tail.join("\n")}\n`);
      failed = true;
      break;
    }
    const kind = run === 1 ? "first start (new data directories)" : "second start";
    process.stdout.write(
      `start ${run}, ${kind}: ready after ${outcome.readySeconds.toFixed(1)} s (the bank ${outcome.bankSeconds.toFixed(1)} s, the app ${outcome.appSeconds.toFixed(1)} s); resident memory: the bank ${fmt(outcome.bankRssMb)} MB, the app ${fmt(outcome.appRssMb)} MB; load average ${outcome.load.toFixed(1)}${outcome.notes.length > 0 ? `; ${outcome.notes.join("; ")}` : ""}\n`,
    );
    if (run > 1) seconds.push(outcome.readySeconds);
  }
  if (seconds.length > 0) {
    const sorted = [...seconds].sort((a, b) => a - b);
    const median =
      sorted.length % 2 === 1
        ? sorted[(sorted.length - 1) / 2]
        : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
    process.stdout.write(`second starts: median ${median.toFixed(1)} s to ready (${sorted.map((value) => value.toFixed(1)).join(", ")})\n`);
  }
} finally {
  if (existsSync(dataRoot)) rmSync(dataRoot, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
