/**
 * The SCA driver of our sandbox bank's pages (lib/bank's /sca pages): the login asks a national
 * identity number (mocked, no password), a corporate customer chooses Private or Corporate and an
 * agreement, the consent page has a checkbox per account, the approval page Approve and Cancel.
 * The bank's browser session keeps a login for 15 minutes, so a later approval may not ask again.
 */
import { expect, type Page } from "@playwright/test";
import { onBank } from "../targets";
import type { AccountChoice, PaymentDecision, ScaDriver } from "./index";
import type { Psu } from "../targets";

/** The heading of the bank's page now shown. */
async function step(page: Page): Promise<string> {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  return (await heading.textContent())?.trim() ?? "";
}

/** Fills the login form and waits until the bank has taken it. */
async function submitLogin(page: Page, psu: Psu): Promise<void> {
  await page.getByLabel("National identity number").fill(psu.id);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toHaveCount(0);
}

async function chooseContext(page: Page, agreement: string | undefined): Promise<void> {
  await expect(page.getByRole("heading", { name: "Who are you acting for?" })).toBeVisible();
  if (agreement === undefined) {
    await page.getByRole("radio", { name: "Private" }).check();
  } else {
    await page.getByRole("radio", { name: "Corporate" }).check();
    await page.getByLabel("Agreement").selectOption({ label: agreement });
  }
  await page.getByRole("button", { name: "Continue" }).click();
}

export const sandboxBankDriver: ScaDriver = {
  name: "sandbox-bank",

  async logIn(page, psu) {
    await page.waitForURL(onBank);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    await page.getByLabel("National identity number").fill(psu.id);
    await page.getByRole("button", { name: "Log in" }).click();
  },

  async passLogin(page, psu) {
    await page.waitForURL(onBank);
    if ((await step(page)) === "Log in") await submitLogin(page, psu);
  },

  chooseContext,

  async confirmAccounts(page, choice: AccountChoice = {}) {
    await expect(page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
    if (choice.all === true) for (const box of await page.getByRole("checkbox").all()) await box.check();
    for (const name of choice.check ?? []) await page.getByRole("checkbox", { name }).check();
    for (const name of choice.uncheck ?? []) await page.getByRole("checkbox", { name }).uncheck();
    await page.getByRole("button", { name: "Confirm" }).click();
  },

  async cancelConsent(page) {
    await expect(page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
  },

  async decidePayment(page, options: PaymentDecision) {
    await page.waitForURL(onBank);
    for (let count = 0; count < 4; count += 1) {
      const title = await step(page);
      if (title === "Log in") {
        await submitLogin(page, options.psu);
      } else if (title === "Who are you acting for?") {
        await chooseContext(page, options.agreement);
        await expect(page.getByRole("heading", { level: 1, name: "Who are you acting for?" })).toHaveCount(0);
      } else if (/^Approve (payment|\d+ payments)$/.test(title)) {
        if (options.expect !== undefined) await options.expect(page);
        await page.getByRole("button", { name: options.decision ?? "Approve", exact: true }).click();
        return;
      } else {
        throw new Error(`an unexpected page at the bank: ${title}`);
      }
    }
    throw new Error("the bank never showed the payment to approve");
  },
};
