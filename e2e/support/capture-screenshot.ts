/**
 * Screenshots kept with the tests' results, asked for once more when Chromium does not deliver
 * one: now and then it never produces the frame a capture waits for (seen under heavy CPU load: a
 * full-page capture of a settled payment form hung until the test's 180 s timeout, while a new
 * capture of the same page works), so a capture that takes longer than CAPTURE_TIMEOUT_MS is
 * started again, once, with a note on the test; a second failure fails the test.
 *
 * E2E_SCREENSHOTS=0 takes none (the checks made beside a capture, such as a phone width's
 * overflow, still run); the default is 1, and 0 when CI is set, where no one looks at them and
 * their encoding is a tenth of the suite's time.
 */
import { errors, type Locator, type Page, type PageScreenshotOptions, test } from "@playwright/test";

const CAPTURE_TIMEOUT_MS = 45_000;

function screenshotsWanted(): boolean {
  const setting = (process.env.E2E_SCREENSHOTS ?? "").trim();
  if (setting === "") return !process.env.CI;
  if (setting === "0" || setting === "1") return setting === "1";
  throw new Error(`E2E_SCREENSHOTS is ${JSON.stringify(setting)}: give 1 to keep screenshots of the pages, 0 to take none`);
}

export async function captureScreenshot(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (!screenshotsWanted()) return;
  try {
    await target.screenshot({ ...options, timeout: CAPTURE_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    test.info().annotations.push({
      type: "screenshot taken again",
      description: `${options.path}: the first capture gave nothing in ${CAPTURE_TIMEOUT_MS / 1000} s`,
    });
    await target.screenshot({ ...options, timeout: CAPTURE_TIMEOUT_MS });
  }
}
