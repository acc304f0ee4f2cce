import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // "server-only" throws when imported outside Next's server bundles; tests import lib/tpp directly.
      "server-only": fileURLToPath(new URL("./lib/tpp/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    // e2e/*.spec.ts belong to Playwright, never to vitest.
    include: ["{lib,cli,bench,app,components,scripts,eslint}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one file at a
    // time, while the database tests spend much of their time waiting on PostgreSQL and on bank
    // processes of their own. Two workers take the suite from about 9.5 to about 6 minutes there.
    maxWorkers: 2,
    // Opening a new PGlite and making the bank's keys take seconds, more on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
