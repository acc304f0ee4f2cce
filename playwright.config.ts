import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { readTarget } from "./e2e/support/target-settings";

// Playwright drives Debian's Chromium here (no browser downloads): its headless shell (package
// chromium-headless-shell) when installed, else the full browser (package chromium), which a
// headed run (--headed, --debug, --ui, PWDEBUG) always takes. The shell has no browser UI behind
// the page: the e2e suite costs a third less CPU in it. CHROMIUM_EXECUTABLE points elsewhere,
// and an empty value falls back to Playwright's own browser where one is installed.
const debianHeadlessShell = "/usr/lib/chromium/chromium-headless-shell";
const debianChromium = "/usr/lib/chromium/chromium";
const headed = (process.env.PWDEBUG ?? "") !== "" || process.argv.some((arg) => arg === "--headed" || arg === "--debug" || arg === "--ui");
const debianBrowser = [...(headed ? [] : [debianHeadlessShell]), debianChromium].find((file) => existsSync(file));
const chromiumExecutable = process.env.CHROMIUM_EXECUTABLE ?? debianBrowser;

// The target (e2e/support/targets.ts): by default our sandbox bank, started here beside the app.
// With E2E_ASPSP_BASE_URL (and E2E_APP_URL) the target is a bank and an app started by someone
// else: nothing is started here, the specs that need our sandbox's control endpoints skip, and
// project "portable" (e2e/portable.spec.ts) runs what any Berlin Group bank gives.
const externalTarget = (process.env.E2E_ASPSP_BASE_URL ?? "").trim() !== "";

// E2E_WORKERS (default 2; 1 against another target, whose one app and demo user the specs share)
// Playwright workers, each with a pair of servers of its own (app and bank on their own ports and
// fresh databases), so that no spec sees another's sandbox clock, demo user or payments. This file
// is read again in every worker, where TEST_PARALLEL_INDEX says which pair is the worker's;
// E2E_APP_URL and E2E_BANK_URL then name that pair to the specs.
// Two on two cores: with every test in a browser context of its own the two keep the cores busy
// (99 tests in 7.8 min here, against 8.5 min with three).
const workers = Number(process.env.E2E_WORKERS ?? (externalTarget ? 1 : 2));
if (!Number.isInteger(workers) || workers < 1 || workers > 8)
  throw new Error(`E2E_WORKERS is ${JSON.stringify(process.env.E2E_WORKERS)}: give a whole number of workers from 1 to 8`);
const appPortBase = Number(process.env.E2E_APP_PORT ?? 3100);
const bankPortBase = Number(process.env.E2E_BANK_PORT ?? 4100);
const pairs = externalTarget
  ? []
  : Array.from({ length: workers }, (_, index) => ({
      appPort: appPortBase + index,
      bankPort: bankPortBase + index,
      // npm run demo's servers (scripts/demo.mjs, "serve": the build made by `npm run test:e2e`), each
      // on fresh embedded databases under .data/e2e/<index>.
      dataDir: `.data/e2e/${index}`,
    }));
const mine = pairs[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % workers] ?? pairs[0];
if (mine !== undefined) {
  process.env.E2E_APP_URL = `http://localhost:${mine.appPort}`;
  process.env.E2E_BANK_URL = `http://127.0.0.1:${mine.bankPort}`;
}
const target = readTarget();
const appUrl = target.appUrl;

// The bank also trusts the shared signature test PKI, whose TPP key the specs sign with
// (e2e/support/signed-bank-client.ts).
const bankTrustAnchors = fileURLToPath(new URL("./test-vectors/signature/keys/trusted-cas.pem", import.meta.url));

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumExecutable || undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};
const portableSpec = "portable.spec.ts";

// E2E_TRACE: Playwright's trace mode. The default records a trace of every test and keeps those
// of failed ones, outside CI; under CI none is recorded (a failure still leaves its screenshot and
// the page's ARIA snapshot): recording was an eighth of the suite's CPU, mostly Chromium's.
const TRACE_MODES = ["off", "on", "retain-on-failure", "retain-on-first-failure", "on-first-retry", "on-all-retries"] as const;
const traceSetting = (process.env.E2E_TRACE ?? "").trim();
const trace = traceSetting === "" ? (process.env.CI ? "off" : "retain-on-failure") : TRACE_MODES.find((mode) => mode === traceSetting);
if (trace === undefined) throw new Error(`E2E_TRACE is ${JSON.stringify(traceSetting)}: give one of ${TRACE_MODES.join(", ")}`);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  // Every test may go to any worker (each worker its own app and bank): the specs on
  // e2e/support/fixtures.ts stand alone, test by test (the worker's sign-in and bank connection
  // reused from its storage state). A spec marked serial keeps its tests in order on one worker,
  // sharing one signed-in page.
  fullyParallel: true,
  workers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A loaded 2-core machine: the flows go through the bank's pages and sign every call.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: appUrl,
    // A test platform's SCA pages may have a certificate from the platform's own CA.
    ignoreHTTPSErrors: target.browserIgnoresHttpsErrors,
    trace,
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", use: chromium, testIgnore: portableSpec },
    // Another target only: what any Berlin Group bank gives (scripts/e2e-portable.mjs runs it
    // against our sandbox bank started on its own over HTTPS).
    ...(externalTarget ? [{ name: "portable", use: chromium, testMatch: portableSpec }] : []),
  ],
  webServer: pairs.map((pair) => ({
    // exec: the shell gives way to the demo script, which forwards SIGTERM to the bank and the app
    // (so PGlite closes cleanly) and waits for both.
    command: `rm -rf ${pair.dataDir} && exec node scripts/demo.mjs serve`,
    url: `http://localhost:${pair.appPort}/signin`,
    env: {
      PORT: String(pair.appPort),
      BANK_PORT: String(pair.bankPort),
      BANK_DATA_DIR: `${pair.dataDir}/bank`,
      TPP_DATA_DIR: `${pair.dataDir}/tpp`,
      BANK_TRUST_ANCHORS: bankTrustAnchors,
      BANK_LOG_LEVEL: "warn",
      // No scheduled refresh without the PSU: each spec's reads and the bank's 4 calls a day are
      // its own (e2e/tpp-refresh.spec.ts runs the refresh by hand, as the schedule does).
      TPP_REFRESH_SCHEDULE: "off",
    },
    // E2E_REUSE_SERVERS=1: use servers already running on these ports (while writing specs).
    reuseExistingServer: process.env.E2E_REUSE_SERVERS === "1",
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
  })),
});
