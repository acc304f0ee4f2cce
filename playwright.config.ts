import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

// Playwright drives Debian's chromium here (no browser downloads); CHROMIUM_EXECUTABLE points
// elsewhere, and an empty value falls back to Playwright's own browser where one is installed.
const debianChromium = "/usr/lib/chromium/chromium";
const chromiumExecutable =
  process.env.CHROMIUM_EXECUTABLE ?? (existsSync(debianChromium) ? debianChromium : undefined);

const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const appUrl = `http://localhost:${appPort}`;

// The sandbox bank, as its own process with a fresh PGlite directory per run; it trusts the shared
// signature test PKI, whose TPP key the specs sign with (e2e/support/signed-bank-client.ts).
const bankPort = Number(process.env.E2E_BANK_PORT ?? 4100);
const bankUrl = `http://127.0.0.1:${bankPort}`;
const bankDataDir = ".data/e2e-bank";
const bankTrustAnchors = fileURLToPath(new URL("./test-vectors/signature/keys/trusted-cas.pem", import.meta.url));
process.env.E2E_BANK_URL = bankUrl;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
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
  webServer: [
    {
      // `npm run test:e2e` builds first; start the server binary itself so that stopping it stops Next.
      command: `node_modules/.bin/next start -p ${appPort}`,
      url: appUrl,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // exec: the shell gives way to tsx, so that SIGTERM reaches the bank and PGlite closes cleanly.
      command: `rm -rf ${bankDataDir} && exec node_modules/.bin/tsx lib/bank/server.ts`,
      url: `${bankUrl}/health`,
      env: {
        BANK_HOST: "127.0.0.1",
        BANK_PORT: String(bankPort),
        BANK_PUBLIC_URL: bankUrl,
        BANK_DATA_DIR: bankDataDir,
        BANK_TRUST_ANCHORS: bankTrustAnchors,
        BANK_LOG_LEVEL: "warn",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
