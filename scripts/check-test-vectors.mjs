#!/usr/bin/env node
/**
 * npm run vectors:check: compares the repository's copy of the shared signature vectors
 * (test-vectors/signature) with the shared original beside the repository
 * (../shared/test-vectors/signature, or the folder given as the first argument), file by file,
 * and checks SHA256SUMS. Exit 0 when they are the same, 1 when they differ, 2 when there is no
 * original to compare with. Not a test: the original is not part of the repository.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const copy = path.join(root, "test-vectors", "signature");
const original = path.resolve(process.argv[2] ?? path.join(root, "..", "shared", "test-vectors", "signature"));

function filesUnder(dir, prefix = "") {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

if (!existsSync(original)) {
  process.stderr.write(`vectors:check: no shared original at ${original}\n`);
  process.exit(2);
}
const problems = [];
const originals = filesUnder(original).sort();
const copies = filesUnder(copy)
  .filter((file) => file !== "SHA256SUMS")
  .sort();
for (const file of originals) if (!copies.includes(file)) problems.push(`missing in the copy: ${file}`);
for (const file of copies) if (!originals.includes(file)) problems.push(`not in the original: ${file}`);
const sums = new Map(
  readFileSync(path.join(copy, "SHA256SUMS"), "utf8")
    .trim()
    .split("\n")
    .map((line) => [line.slice(66), line.slice(0, 64)]),
);
for (const file of originals.filter((f) => copies.includes(f))) {
  const bytes = readFileSync(path.join(original, file));
  if (!bytes.equals(readFileSync(path.join(copy, file)))) problems.push(`differs from the original: ${file}`);
  if (sums.get(file) !== createHash("sha256").update(bytes).digest("hex")) problems.push(`SHA256SUMS is not the original's for ${file}`);
}
for (const problem of problems) process.stderr.write(`vectors:check: ${problem}\n`);
if (problems.length === 0) process.stdout.write(`vectors:check: the copy is the original (${originals.length} files)\n`);
process.exit(problems.length === 0 ? 0 : 1);
