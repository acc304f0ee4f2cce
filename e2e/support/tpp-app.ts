/**
 * What the specs of the TPP app's pages share: the servers' addresses, the sandbox customers,
 * signing in with the demo user, the bank's login and consent pages (through the target's SCA
 * driver: e2e/support/sca-drivers), and screenshots at desktop and phone width.
 */
import { expect, type Page, test } from "@playwright/test";
import { captureScreenshot } from "./capture-screenshot";
import { type AccountChoice, scaDriver } from "./sca-drivers";
import { type Psu, target } from "./targets";

export { INGRID, onBank, SINDRE } from "./targets";

export const appUrl = target.appUrl;

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

/** The bank's login page (the target's SCA driver): logs the PSU in. */
export async function logInAtBank(page: Page, psu: string | Psu): Promise<void> {
  await scaDriver.logIn(page, asPsu(psu));
}

/** The bank's consent page (the target's SCA driver): ticks and unticks accounts, then confirms. */
export async function confirmAccounts(page: Page, choice: AccountChoice = {}): Promise<void> {
  await scaDriver.confirmAccounts(page, choice);
}

/** The bank's page asking a corporate customer who they act for (the target's SCA driver): the company of `agreement`, or themselves. */
export async function chooseContextAtBank(page: Page, agreement: string | undefined): Promise<void> {
  await scaDriver.chooseContext(page, agreement);
}

/** A PSU given by its id alone (our sandbox's customers need no password). */
export function asPsu(psu: string | Psu): Psu {
  return typeof psu === "string" ? { id: psu } : psu;
}
