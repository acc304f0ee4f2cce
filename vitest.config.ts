import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Test files that take a minute or so while small (their time is in processes they start, or in
 * waiting): started first, so that neither worker is left alone with one of them at the end. With
 * no record of earlier runs (a fresh clone, as on CI) vitest starts the larger files first, and the
 * benchmarks' quick pass (bench/benchmarks.test.ts, the slowest file) last, after everything else:
 * a minute and more on one worker while the other had nothing left to do.
 */
const SLOW_FIRST = [
  "bench/benchmarks.test.ts",
  "lib/tpp/payments/app-killed-during-payment.test.ts",
  "lib/bank/first-start-killed.test.ts",
  "lib/bank/first-start.test.ts",
  "lib/tpp/auth/sign-in-failures-repository.test.ts",
  "lib/bank/server-workers.test.ts",
  "lib/tpp/testing/bank-sca-driver.test.ts",
  "lib/bank/services/clock/sandbox-time-window.test.ts",
  "lib/tpp/users/user-command.test.ts",
];
// A file moved or renamed would silently lose its place: name it here again.
for (const slow of SLOW_FIRST)
  if (!existsSync(fileURLToPath(new URL(`./${slow}`, import.meta.url))))
    throw new Error(`vitest.config.ts: SLOW_FIRST names ${slow}, which does not exist`);

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // A stable sort: the rest keep vitest's own order.
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

/**
 * Test files that mock modules or fake timers (vi.mock, vi.useFakeTimers): each runs with a
 * module registry of its own. Every other file shares its worker's loaded modules with the files
 * before it (isolate: false): importing the bank, the app's core and their libraries again for
 * each of some 190 files was a third of the suite's time. A file that changes what it imports
 * (a mock) or the process's state without restoring it belongs here.
 */
const ISOLATED = ["app/sandbox/production.test.ts", "lib/tpp/flows/sca-resume.test.ts"];
for (const isolated of ISOLATED)
  if (!existsSync(fileURLToPath(new URL(`./${isolated}`, import.meta.url))))
    throw new Error(`vitest.config.ts: ISOLATED names ${isolated}, which does not exist`);

// e2e/*.spec.ts belong to Playwright, never to vitest.
const INCLUDE = ["{lib,cli,bench,app,components,scripts,eslint,e2e}/**/*.test.{ts,tsx}"];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // "server-only" throws when imported outside Next's server bundles; tests import lib/tpp directly.
      "server-only": fileURLToPath(new URL("./lib/tpp/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one file at a
    // time, while the database tests spend much of their time waiting on PostgreSQL and on bank
    // processes of their own. Two workers take the suite from about 9.5 to about 6 minutes there.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    // Opening a new PGlite and making the bank's keys take seconds, more on a loaded 2-core machine.
    hookTimeout: 60_000,
    // A /v1 reply of a test bank that breaks /openapi.json fails its test (lib/bank/testing/reply-check.ts).
    setupFiles: ["lib/bank/testing/reply-check-setup.ts"],
    // The bank's bundle, built once before the files start (their banks start from it).
    globalSetup: ["testing/vitest-global-setup.ts"],
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, isolate: false, exclude: [...configDefaults.exclude, ...ISOLATED] } },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
