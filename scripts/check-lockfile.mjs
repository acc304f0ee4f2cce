#!/usr/bin/env node
// npm run lockfile:check: that `npm install` on a fresh clone leaves package-lock.json as it is,
// and that no dependency declares a Node.js engine the project's own (package.json `engines`,
// the README's "Node.js 20.19 or later") does not meet.
//
// The first check resolves the dependencies afresh (`npm install --package-lock-only
// --ignore-scripts`, which reads the registry but installs nothing) in a temporary copy of
// package.json, package-lock.json and .npmrc, and compares the lockfile it writes with the
// committed one. The second reads package-lock.json only. Exit code 1 names what differs.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { lowestSupportedNode, unmetNodeEngines } from "./dependency-engines.mjs";

const root = path.resolve(import.meta.dirname, "..");
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const problems = [];

const committedText = readFileSync(path.join(root, "package-lock.json"), "utf8");
const committed = JSON.parse(committedText);
const lowest = lowestSupportedNode(readJson(path.join(root, "package.json")));
for (const { location, version, node } of unmetNodeEngines(committed, lowest)) {
  problems.push(`${location.replace(/^node_modules\//, "")}@${version} declares Node.js ${node}, which ${lowest} does not meet`);
}

const scratch = mkdtempSync(path.join(tmpdir(), "lockfile-check-"));
try {
  for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
    if (existsSync(path.join(root, file))) copyFileSync(path.join(root, file), path.join(scratch, file));
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: scratch,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const rewrittenText = readFileSync(path.join(scratch, "package-lock.json"), "utf8");
  if (rewrittenText !== committedText) {
    const before = committed.packages ?? {};
    const after = JSON.parse(rewrittenText).packages ?? {};
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => {
        const name = key === "" ? "(the project)" : key.replace(/^node_modules\//, "");
        if (!(key in after)) return `${name}@${before[key].version} removed`;
        if (!(key in before)) return `${name}@${after[key].version} added`;
        return before[key].version === after[key].version
          ? `${name}@${after[key].version} changed`
          : `${name} ${before[key].version} -> ${after[key].version}`;
      });
    problems.push(
      `npm install rewrites package-lock.json${changed.length ? `: ${changed.slice(0, 20).join(", ")}${changed.length > 20 ? `, and ${changed.length - 20} more` : ""}` : " (formatting only)"}; run npm install, then npm run lockfile:fix, and commit the lockfile`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`lockfile:check: ${problem}`);
  process.exit(1);
}
console.log(`lockfile:check: npm install leaves package-lock.json unchanged; every dependency runs on Node.js ${lowest}`);
