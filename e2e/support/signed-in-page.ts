/**
 * The demo user's bank connection, as the specs change it: forgotten on the settings page, or
 * made to Ingrid in her private context (whoever was connected before).
 */
import { expect, type Page } from "@playwright/test";
import { passBankLogin } from "./payments";
import { appUrl, confirmAccounts, INGRID } from "./tpp-app";

/** Forgets the demo user's bank connection on the settings page, where there is one to forget. */
export async function forgetBankConnection(page: Page): Promise<void> {
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await expect(page.getByText("The app has no PSU-ID for you")).toBeVisible();
  }
}

/**
 * Connects the demo user to Ingrid in her private context, sharing `accounts`, whoever was
 * connected before (the home page's "Connect another customer", or "Connect your bank" when no
 * one was), and waits for the accounts page.
 */
export async function connectIngrid(page: Page, accounts: RegExp[]): Promise<void> {
  await page.goto("/");
  const another = page.getByRole("link", { name: "Connect another customer" });
  await ((await another.count()) > 0 ? another : page.getByRole("link", { name: "Connect your bank", exact: true })).click();
  await passBankLogin(page, INGRID);
  await confirmAccounts(page, { check: accounts });
  await page.waitForURL(`${appUrl}/accounts`);
}
