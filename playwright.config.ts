import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Playwright drives Debian's chromium here (no browser downloads); CHROMIUM_EXECUTABLE points
// elsewhere, and an empty value falls back to Playwright's own browser where one is installed.
const debianChromium = "/usr/lib/chromium/chromium";
const chromiumExecutable =
  process.env.CHROMIUM_EXECUTABLE ?? (existsSync(debianChromium) ? debianChromium : undefined);

const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const appUrl = `http://localhost:${appPort}`;

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
  webServer: {
    // `npm run test:e2e` builds first; start the server binary itself so that stopping it stops Next.
    command: `node_modules/.bin/next start -p ${appPort}`,
    url: appUrl,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
