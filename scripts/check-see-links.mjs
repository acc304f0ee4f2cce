#!/usr/bin/env node
/**
 * Fails when an `@see` in the code names a file of this repository that does not exist, or a
 * Markdown anchor that the file does not have (`@see docs/interface/limits.md#psu-absent`), or
 * when it still cites the interface's source documents by section (`supplement.md §5`,
 * `psd2-interface.md "Limits"`): those live outside the repository; docs/interface/ describes
 * them (scripts/rewrite-spec-references.mjs rewrites the old form). Paths are read from the
 * repository's root, or else from the citing file's folder. Run from `npm run lint`; the
 * Markdown's own links are checked by remark-validate-links (.remarkrc.mjs).
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import GithubSlugger from "github-slugger";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIRECTORIES = ["lib", "app", "components", "e2e", "scripts", "cli", "bench", "testing", "eslint"];
const SKIPPED = new Set(["node_modules", ".next", ".data", ".build", ".git", "test-results"]);
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function* sourceFiles(directory, recursive) {
  if (!existsSync(directory)) return;
  for (const entry of readdirSync(directory)) {
    if (SKIPPED.has(entry)) continue;
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) {
      if (recursive) yield* sourceFiles(full, true);
    } else if (SOURCE.test(entry)) {
      yield full;
    }
  }
}

const anchorsByFile = new Map();

/** The anchors GitHub gives a Markdown file's headings (and any explicit `id=` or `name=`). */
export function anchorsOf(file) {
  let anchors = anchorsByFile.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const slugger = new GithubSlugger();
  let fence;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const fenceMark = /^\s*(```|~~~)/.exec(line);
    if (fenceMark) {
      if (fence === undefined) fence = fenceMark[1];
      else if (fence === fenceMark[1]) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "");
      anchors.add(slugger.slug(text));
    }
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

const FILE_REFERENCE =
  /(?<![\w/.-])((?:\.{1,2}\/)?(?:[\w@.-]+\/)*[\w.-]+\.(?:md|ts|tsx|mts|js|mjs|cjs|json|css|sql|yaml|yml))(?:#([\w-]+))?/g;
const OUTSIDE_NAMES = new Set(["supplement.md", "psd2-interface.md", "stack-notes.md"]);
const OUTSIDE = [/\bsupplement(?:\.md)?\s*§/, /\bpsd2-interface\.md\b/, /\bstack-notes\.md\b/];

const IN_COMMENT = /^\s*(?:\/\/|\/\*|\*)|[\w;,)}\]]\s*(?:\/\/|\/\*)/;

/** The text of each `@see` with the comment lines that continue it, and the line it starts on. */
function* seeReferences(source) {
  const lines = source.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const start = /(?<![\w`])@see\s+(.*)$/.exec(lines[index]);
    // Only in a comment: a line that starts as one, or code followed by one.
    if (!start || !IN_COMMENT.test(lines[index].slice(0, start.index))) continue;
    let text = start[1].replace(/\*\/.*$/, "");
    for (let next = index + 1; next < lines.length; next += 1) {
      const continued = /^\s*\*(?!\/)\s*(.*)$/.exec(lines[next]);
      if (!continued || continued[1] === "" || continued[1].startsWith("@")) break;
      text += ` ${continued[1].replace(/\*\/.*$/, "")}`;
      if (/\*\//.test(lines[next])) break;
    }
    yield { line: index + 1, text };
  }
}

export function checkFile(file) {
  const problems = [];
  const source = readFileSync(file, "utf8");
  for (const { line, text } of seeReferences(source)) {
    const where = `${path.relative(root, file)}:${line}`;
    for (const outside of OUTSIDE) {
      if (outside.test(text)) {
        problems.push(
          `${where}: cites a document outside the repository (${outside.exec(text)[0]}); point at docs/interface/ (node scripts/rewrite-spec-references.mjs)`,
        );
      }
    }
    const withoutUrls = text.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, "");
    for (const match of withoutUrls.matchAll(FILE_REFERENCE)) {
      const [, name, anchor] = match;
      const candidates = [path.join(root, name), path.join(path.dirname(file), name)];
      const target = candidates.find((candidate) => existsSync(candidate));
      if (!target) {
        if (!OUTSIDE_NAMES.has(path.basename(name))) {
          problems.push(`${where}: @see names ${name}, which is not in the repository`);
        }
        continue;
      }
      if (anchor !== undefined) {
        if (!target.endsWith(".md")) {
          problems.push(`${where}: @see gives an anchor (#${anchor}) to ${name}, which is not Markdown`);
        } else if (!anchorsOf(target).has(anchor)) {
          problems.push(`${where}: @see names ${name}#${anchor}, but ${name} has no heading with that anchor`);
        }
      }
    }
  }
  return problems;
}

/** Every problem of every `@see` in the repository's code. */
export function checkRepository() {
  const files = [...sourceFiles(root, false)];
  for (const directory of DIRECTORIES) files.push(...sourceFiles(path.join(root, directory), true));
  return files.flatMap(checkFile);
}

function main() {
  const problems = checkRepository();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check-see-links: ${problems.length} @see reference(s) that do not resolve`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
