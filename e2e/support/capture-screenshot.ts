/**
 * Screenshots kept with the tests' results, asked for once more when Chromium does not deliver
 * one: now and then it never produces the frame a capture waits for (seen under heavy CPU load: a
 * full-page capture of a settled payment form hung until the test's 180 s timeout, while a new
 * capture of the same page works), so a capture that takes longer than CAPTURE_TIMEOUT_MS is
 * started again, once, with a note on the test; a second failure fails the test.
 */
import { errors, type Locator, type Page, type PageScreenshotOptions, test } from "@playwright/test";

const CAPTURE_TIMEOUT_MS = 45_000;

export async function captureScreenshot(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
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
