#!/usr/bin/env node
/**
 * The sandbox bank compiled ahead of time for `npm run demo`: `lib/bank/server.ts` and everything
 * it imports (its own TypeScript and its packages, PGlite apart) bundled by esbuild into one
 * JavaScript file, `.build/bank/server.mjs`, that plain `node` runs. Starting the bank through tsx
 * compiles and resolves some 700 modules through a loader thread on every start: on this 2-core
 * machine 2.9 s of CPU to "ready" on an existing data directory, against 1.2 s for the bundle
 * (and about 80 MB less resident memory).
 *
 * The bundle is made again only when its inputs changed since (scripts/build-stamp.mjs's hash over
 * lib/ without its tests, package.json, the lockfile, tsconfig.json, this script and the Node.js
 * version), kept in `.build/bank/stamp.json`. PGlite stays a package of node_modules, since it
 * finds its WebAssembly and data files beside its own code. The bank's sources that read files
 * beside themselves (`new URL("./migrations", import.meta.url)`, its stylesheet) still read them
 * in lib/: their `import.meta.url` becomes their own file's address, relative to the bundle.
 *
 * `node scripts/build-bank.mjs` builds when needed (`--rebuild`: always) and prints what it did;
 * `npm run demo` calls `ensureBankBundle` itself. `npm run bank` and `npm run dev` still run the
 * TypeScript through tsx.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashInputs } from "./build-stamp.mjs";

/** What the bundle is made of, besides the packages the lockfile pins. */
export const BANK_INPUT_FOLDERS = ["lib"];
export const BANK_INPUT_FILES = ["package.json", "package-lock.json", "tsconfig.json", "scripts/build-bank.mjs"];
export const BANK_ENTRY = "lib/bank/server.ts";
export const BANK_BUILD_DIR = path.join(".build", "bank");
/** The bundle, relative to the project's root. */
export const BANK_BUNDLE = path.join(BANK_BUILD_DIR, "server.mjs");
const STAMP = path.join(BANK_BUILD_DIR, "stamp.json");

/**
 * Node's options for a bank process, whoever starts it (`npm run demo`, the tests' and the
 * benchmarks' banks; a cluster's workers inherit them): V8's young generation in semi-spaces of
 * 2 MB instead of 16. A bank serving signed reads at 16 in flight grew its young generation to
 * the full 16 MB twice over and kept it: 272 MB resident on PGlite after 10,000 reads against 225
 * MB with this (bench: bankMemoryAfterReadsPglite), at the same throughput
 * (bankSignedReadVsCryptoFloorPglite). A deployment that starts the bank itself passes them too
 * (docs/operations.md).
 */
export const BANK_NODE_OPTIONS = ["--max-semi-space-size=2"];

/** Packages left to node_modules: PGlite reads its .wasm and .data files beside its own module. */
const EXTERNAL = ["@electric-sql/pglite"];

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)testing\//.test(file);

/** The hash of the bundle's inputs in the project at `root`. */
export function computeBankStamp(root) {
  return hashInputs(root, { folders: BANK_INPUT_FOLDERS, files: BANK_INPUT_FILES });
}

/** Whether `.build/bank/server.mjs` is a bundle of exactly these inputs. */
export function bankBundleIsCurrent(root, stamp = computeBankStamp(root)) {
  if (!existsSync(path.join(root, BANK_BUNDLE))) return false;
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP), "utf8")).stamp === stamp;
  } catch {
    return false;
  }
}

/**
 * An esbuild plugin: in the project's own sources, `import.meta.url` becomes the address of the
 * source file itself (reckoned from the bundle's own address, so the tree may move), so that what
 * a source reads beside itself is still found. Any other `import.meta` property stops the build.
 */
function sourceAddresses(root, outDir) {
  return {
    name: "source-addresses",
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta")) return undefined;
        const other = /import\.meta(?!\.url\b)(\.\w+)?/.exec(text);
        if (other) {
          return {
            errors: [
              {
                text: `${path.relative(root, args.path)}: ${other[0]} has no meaning in the bank's bundle (only import.meta.url is rewritten)`,
              },
            ],
          };
        }
        const relative = path.relative(outDir, args.path).split(path.sep).join("/");
        return {
          contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
          loader: path.extname(args.path).slice(1).replace(/^[cm]/, ""),
        };
      });
    },
  };
}

/**
 * Bundles `entry` (relative to `root`) and everything it imports, PGlite apart, into one ES module
 * at `outfile` that plain `node` runs; `conditions`: the package export conditions to resolve with
 * (e.g. ["react-server"], as Next runs lib/tpp). Resolves with the sources it took in, relative
 * to `root` (esbuild's metafile inputs).
 */
export async function bundleForNode(root, { entry, outfile, conditions }) {
  // esbuild: a dependency (tsx's own, at the same version), loaded only when a build is needed.
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: `node${process.versions.node.split(".")[0]}`,
    external: EXTERNAL,
    // Given, esbuild's own defaults (its "module" condition) give way to them: only when asked.
    ...(conditions === undefined ? {} : { conditions }),
    // The packages written as CommonJS call require(): give the ES module one.
    banner: {
      js: 'import { createRequire as __bankCreateRequire } from "node:module";\nconst require = __bankCreateRequire(import.meta.url);',
    },
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
    plugins: [sourceAddresses(root, path.dirname(path.resolve(root, outfile)))],
  });
  return Object.keys(result.metafile.inputs);
}

/** Bundles the bank into `.build/bank/server.mjs` and records the inputs' stamp. */
export async function buildBankBundle(root, stamp = computeBankStamp(root)) {
  const outDir = path.join(root, BANK_BUILD_DIR);
  mkdirSync(outDir, { recursive: true });
  const temporary = path.join(outDir, `server.${process.pid}.tmp.mjs`);
  try {
    const inputs = await bundleForNode(root, { entry: BANK_ENTRY, outfile: temporary });
    // Every source of the project in the bundle is one the stamp covers.
    for (const input of inputs) {
      const file = input.replace(/^[\w-]+:/, "");
      if (file.startsWith("node_modules/") || file.includes("/node_modules/")) continue;
      const covered = BANK_INPUT_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && !isTest(file);
      if (!covered && !BANK_INPUT_FILES.includes(file)) {
        throw new Error(`the bank's bundle includes ${file}, which its stamp does not cover (scripts/build-bank.mjs: BANK_INPUT_FOLDERS)`);
      }
    }
    renameSync(temporary, path.join(root, BANK_BUNDLE));
  } finally {
    rmSync(temporary, { force: true });
  }
  writeFileSync(path.join(root, STAMP), `${JSON.stringify({ stamp, builtAt: new Date().toISOString() })}\n`);
}

/**
 * Makes sure `.build/bank/server.mjs` is current (built again when its inputs changed, or always
 * with `force`); resolves with whether it built.
 */
export async function ensureBankBundle(root, { force = false } = {}) {
  const stamp = computeBankStamp(root);
  if (!force && bankBundleIsCurrent(root, stamp)) return false;
  await buildBankBundle(root, stamp);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, "build-bank.mjs")) {
  const flags = process.argv.slice(2);
  if (flags.some((flag) => flag !== "--rebuild")) {
    process.stderr.write("build-bank: the only option is --rebuild\n");
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, "..");
  const started = performance.now();
  try {
    const built = await ensureBankBundle(root, { force: flags.includes("--rebuild") });
    process.stdout.write(
      built
        ? `build-bank: ${BANK_BUNDLE} built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`
        : `build-bank: ${BANK_BUNDLE} is current (no input changed since)\n`,
    );
  } catch (error) {
    process.stderr.write(`build-bank: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
