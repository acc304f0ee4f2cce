/**
 * What the specs of the TPP app's pages share: the servers' addresses, the sandbox customers,
 * signing in with the demo user, the bank's login and consent pages, and screenshots at desktop
 * and phone width.
 */
import { expect, type Page, test } from "@playwright/test";
import { captureScreenshot } from "./capture-screenshot";

export const INGRID = "13039319955";
export const SINDRE = "18129215603";

export const appUrl = process.env.E2E_APP_URL ?? "http://localhost:3100";
export const bankPort = new URL(process.env.E2E_BANK_URL ?? "http://127.0.0.1:4100").port;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Ingrid's accounts as the bank's consent page and the app's account list name them (the app's
 * links go on with the balances their cards show: ", Available 1 234,50 kr, ...").
 */
export const MAIN = /^Brukskonto 3800 \d\d \d{5}(,|$)/;
export const SAVINGS = /^Sparekonto 3800 \d\d \d{5}(,|$)/;
export const CARD = /^Mastercard Gold 5522 11\*\* \*\*\*\* 4821(,|$)/;

/** A full-page screenshot kept with the test's results; `phone` also one at a phone's width, checking nothing overflows sideways. */
export async function shoot(page: Page, name: string, options: { phone?: boolean } = {}): Promise<void> {
  await captureScreenshot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
  if (options.phone === true) {
    const size = page.viewportSize() ?? DESKTOP;
    await page.setViewportSize(PHONE);
    await captureScreenshot(page, { path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name}: the page scrolls sideways at a phone's width`).toBeLessThanOrEqual(0);
    await page.setViewportSize(size);
  }
}

export function onBank(url: URL): boolean {
  return url.port === bankPort;
}

/** Signs in with the sandbox demo user, whose password the sign-in page shows. */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/signin");
  const demo = page.getByText("Sandbox demo user").locator("..");
  const password = (await demo.locator("dd").nth(1).textContent()) ?? "";
  expect(password).toMatch(/\S{6,}/);
  await page.getByLabel("User name").fill("demo");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
}

/** The bank's login page: the mocked national identity number. */
export async function logInAtBank(page: Page, nationalId: string): Promise<void> {
  await page.waitForURL(onBank);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByLabel("National identity number").fill(nationalId);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The bank's consent page: ticks and unticks accounts, then confirms. */
export async function confirmAccounts(page: Page, choice: { check?: RegExp[]; uncheck?: RegExp[] } = {}): Promise<void> {
  await expect(page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
  for (const name of choice.check ?? []) await page.getByRole("checkbox", { name }).check();
  for (const name of choice.uncheck ?? []) await page.getByRole("checkbox", { name }).uncheck();
  await page.getByRole("button", { name: "Confirm" }).click();
}

/** The bank's page asking a corporate customer who they act for: the company of `agreement`, or themselves. */
export async function chooseContextAtBank(page: Page, agreement: string | undefined): Promise<void> {
  await expect(page.getByRole("heading", { name: "Who are you acting for?" })).toBeVisible();
  if (agreement === undefined) {
    await page.getByRole("radio", { name: "Private" }).check();
  } else {
    await page.getByRole("radio", { name: "Corporate" }).check();
    await page.getByLabel("Agreement").selectOption({ label: agreement });
  }
  await page.getByRole("button", { name: "Continue" }).click();
}
