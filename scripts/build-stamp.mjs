// The inputs of the app's production build (`next build`), summed up in one hash: every file
// under app/, components/, lib/ and public/ (tests left out), the configuration files, the
// lockfile, the .env files Next reads at build time, the NEXT_PUBLIC_* variables it inlines, and
// the Node.js version. `npm run demo` records it in .next/ after a build and builds again only when
// it changed (scripts/demo.mjs).
//
// The files are those git knows or would add (`git ls-files --cached --others --exclude-standard`,
// so .gitignore'd output never counts); outside a git checkout the folders are walked instead.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const INPUT_FOLDERS = ["app", "components", "lib", "public"];
export const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "next.config.js",
  "tsconfig.json",
  "postcss.config.mjs",
  "instrumentation.ts",
  "proxy.ts",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];
/** Where the stamp of the last build is kept, beside Next's own BUILD_ID. */
export const STAMP_FILE = path.join(".next", "demo-build-stamp.json");

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)testing\//.test(file);

function listFolders(root, folders) {
  try {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...folders], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split("\0").filter(Boolean);
  } catch {
    const files = [];
    const walk = (relative) => {
      for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
        const child = path.posix.join(relative, entry.name);
        if (entry.isDirectory()) walk(child);
        else if (entry.isFile()) files.push(child);
      }
    };
    for (const folder of folders) if (existsSync(path.join(root, folder))) walk(folder);
    return files;
  }
}

/**
 * The hash (hex SHA-256) of some inputs of a build in the project at `root`: the files under
 * `folders` (tests left out), the `files` (a missing one counts as absent), the variables of `env`
 * whose names start with `envPrefix` (none when it is undefined) and the Node.js version.
 */
export function hashInputs(root, { folders, files: extraFiles, env = {}, envPrefix }) {
  const files = [...new Set([...listFolders(root, folders).filter((file) => !isTest(file)), ...extraFiles])].sort();
  const hash = createHash("sha256");
  hash.update(`node ${process.version}\0`);
  for (const name of Object.keys(env)
    .filter((key) => envPrefix !== undefined && key.startsWith(envPrefix))
    .sort())
    hash.update(`env ${name}=${env[name]}\0`);
  for (const file of files) {
    const absolute = path.join(root, file);
    // A file git still lists but that was deleted counts as absent, as one never there.
    if (!existsSync(absolute)) continue;
    hash.update(`file ${file}\0`);
    hash.update(readFileSync(absolute));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The hash of the app build's inputs in the project at `root` (hex SHA-256). */
export function computeBuildStamp(root, env = process.env) {
  return hashInputs(root, { folders: INPUT_FOLDERS, files: INPUT_FILES, env, envPrefix: "NEXT_PUBLIC_" });
}

/** Next's id of the build in .next/, or undefined when there is none. */
function buildIdOf(root) {
  try {
    return readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    return undefined;
  }
}

/**
 * Whether .next/ holds a build of exactly these inputs: the stamp recorded after the last build
 * matches, and .next/BUILD_ID is still that build's (a `next build` run by hand since replaces it).
 */
export function buildIsCurrent(root, stamp) {
  const buildId = buildIdOf(root);
  if (buildId === undefined) return false;
  try {
    const recorded = JSON.parse(readFileSync(path.join(root, STAMP_FILE), "utf8"));
    return recorded.stamp === stamp && recorded.buildId === buildId;
  } catch {
    return false;
  }
}

/** Records that .next/ now holds a build of the inputs with this stamp. */
export function recordBuildStamp(root, stamp) {
  const buildId = buildIdOf(root);
  if (buildId === undefined) throw new Error("no .next/BUILD_ID after the build");
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ stamp, buildId, builtAt: new Date().toISOString() })}\n`);
}
