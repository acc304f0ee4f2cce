import type { KnipConfig } from "knip";

/**
 * The unused-code check of `npm run lint` (knip): files nothing reaches, exports nothing imports,
 * dependencies nothing uses. Knip's own plugins find most entry points: Next's app directory,
 * the vitest and Playwright configurations (test files, setup files, e2e specs), ESLint's,
 * drizzle-kit's and PostCSS's configurations, and the files package.json's scripts and `bin`
 * run (the bank's lib/bank/server.ts, the CLI, the bench, scripts/*.mjs). Named here: what the
 * project starts in a way knip cannot follow.
 */
const config: KnipConfig = {
  entry: [
    // Started as processes of their own, by path: e2e/support/sandbox-control-room.ts runs
    // create-app-user.ts, bench/app-pages.bench.ts the app-pages world, and
    // bench/bench-banks.ts the crypto floor's server.
    "e2e/support/create-app-user.ts",
    "bench/app-pages.world.ts",
    "bench/crypto-floor-server.ts",
    // Started by bench/app-load.bench.ts as a process of its own.
    "bench/app-load.world.ts",
    // The payment submitter the kill -9 test (lib/tpp/payments/app-killed-during-payment.test.ts) starts and kills.
    "lib/tpp/testing/payment-submitter.ts",
    // The app's side of an SCA the test of the app killed during an SCA (lib/tpp/flows/app-killed-during-sca.test.ts) starts and kills.
    "lib/tpp/testing/sca-app-process.ts",
    // Run by hand (`npx tsx scripts/measure-bank-memory.ts`), as its comment says.
    "scripts/measure-bank-memory.ts",
    // Run by hand on a bank's CPU profile (`npx tsx bench/cpu-profile-top.ts`; docs/performance.md).
    "bench/cpu-profile-top.ts",
    // Run by hand on the app's heap snapshots (`npx tsx bench/heap-diff.ts a b`), as its comment says.
    "bench/heap-diff.ts",
  ],
  project: ["**/*.{ts,tsx,js,mjs,css}"],
  ignoreDependencies: [
    // lib/psd2/certificates/certificates.test-support.ts reads the shared PEM files through
    // Vite's `?raw` imports, typed by vite/client: Vite comes with vitest.
    "vite",
  ],
  // An export also used in its own file (a constant beside the function that reads it) is not dead.
  ignoreExportsUsedInFile: true,
};

export default config;
