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
    // Opening a new PGlite and making the bank's keys take seconds, more on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
