import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

// Playwright drives Debian's chromium here (no browser downloads); CHROMIUM_EXECUTABLE points
// elsewhere, and an empty value falls back to Playwright's own browser where one is installed.
const debianChromium = "/usr/lib/chromium/chromium";
const chromiumExecutable = process.env.CHROMIUM_EXECUTABLE ?? (existsSync(debianChromium) ? debianChromium : undefined);

const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const appUrl = `http://localhost:${appPort}`;
const bankPort = Number(process.env.E2E_BANK_PORT ?? 4100);
const bankUrl = `http://127.0.0.1:${bankPort}`;
process.env.E2E_APP_URL = appUrl;
process.env.E2E_BANK_URL = bankUrl;

// npm run demo's servers (scripts/demo.mjs, "serve": the build made by `npm run test:e2e`), each
// on fresh embedded databases under .data/e2e. The bank also trusts the shared signature test
// PKI, whose TPP key the specs sign with (e2e/support/signed-bank-client.ts).
const dataDir = ".data/e2e";
const bankTrustAnchors = fileURLToPath(new URL("./test-vectors/signature/keys/trusted-cas.pem", import.meta.url));

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A loaded 2-core machine: the flows go through the bank's pages and sign every call.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: appUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
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
      },
    },
  ],
  webServer: {
    // exec: the shell gives way to the demo script, which forwards SIGTERM to the bank and the app
    // (so PGlite closes cleanly) and waits for both.
    command: `rm -rf ${dataDir} && exec node scripts/demo.mjs serve`,
    url: `${appUrl}/signin`,
    env: {
      PORT: String(appPort),
      BANK_PORT: String(bankPort),
      BANK_DATA_DIR: `${dataDir}/bank`,
      TPP_DATA_DIR: `${dataDir}/tpp`,
      BANK_TRUST_ANCHORS: bankTrustAnchors,
      BANK_LOG_LEVEL: "warn",
    },
    // E2E_REUSE_SERVERS=1: use servers already running on these ports (while writing specs).
    reuseExistingServer: process.env.E2E_REUSE_SERVERS === "1",
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
