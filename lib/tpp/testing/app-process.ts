/**
 * An app process for the kill tests (lib/tpp/payments/app-killed-during-payment.test.ts,
 * lib/tpp/flows/app-killed-during-sca.test.ts): one of lib/tpp/testing's process scripts
 * (payment-submitter.ts, sca-app-process.ts) as a Node process of its own, killed and started
 * again many times.
 *
 * The script is bundled once per test file (scripts/build-bank.mjs's bundleForNode, under the
 * react-server condition as Next runs lib/tpp) and each process runs the bundle with plain `node`:
 * started through tsx, every process compiled and resolved its some 600 modules again through a
 * loader thread (seconds of CPU on a loaded 2-core machine, for each of the kill tests' dozens of
 * starts). The bundle is made from the sources as they are when the test file starts.
 *
 * The bundle is kept under the project's `.build/app-process/` (not a temporary directory), so that
 * PGlite, left out of it, is found in the project's node_modules.
 *
 *   const app = await bundleAppProcess("lib/tpp/testing/payment-submitter.ts");
 *   const run = app.start({ SUBMITTER_DATABASE: target, ... });
 *   await run.ended;
 *   await app.remove();
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode } from "../../../scripts/build-bank.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A started app process and every line it wrote (stdout and stderr). */
export interface AppProcessRun {
  readonly child: ChildProcess;
  readonly lines: string[];
  /** Resolves once the process has ended. */
  readonly ended: Promise<void>;
}

export interface AppProcess {
  /** Starts the script with these environment variables added to this process's. */
  start(env: Readonly<Record<string, string>>): AppProcessRun;
  /** Deletes the bundle. */
  remove(): Promise<void>;
}

/** Bundles `entry` (relative to the project's root) and returns how to start it. */
export async function bundleAppProcess(entry: string): Promise<AppProcess> {
  const directory = path.join(root, ".build", "app-process");
  mkdirSync(directory, { recursive: true });
  const bundle = path.join(directory, `${path.basename(entry, ".ts")}.${process.pid}.${randomBytes(4).toString("hex")}.mjs`);
  await bundleForNode(root, { entry, outfile: bundle, conditions: ["react-server"] });
  return {
    start: (env) => {
      // Plain node, the bundle itself: SIGKILL ends the process that holds the database.
      const child = spawn(process.execPath, ["--conditions=react-server", bundle], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const lines: string[] = [];
      const collect = (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      child.stdout?.on("data", collect);
      child.stderr?.on("data", collect);
      const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      return { child, lines, ended };
    },
    remove: async () => rmSync(bundle, { force: true }),
  };
}
