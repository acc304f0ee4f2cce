import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    // e2e/*.spec.ts belong to Playwright, never to vitest.
    include: ["{lib,cli,bench,app,components,scripts,eslint}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
  },
});
