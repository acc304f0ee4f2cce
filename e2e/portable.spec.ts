/**
 * What the app does with any Berlin Group bank, end to end in Chromium: connect a private test
 * PSU (the bank's login and consent), read the accounts and an account's transactions, pay one
 * domestic transfer approved at the bank and one whose approval is cancelled there, sign two kept
 * payments together (a signing basket), come back from a consent cancelled at the bank to the
 * failure page, and connect a corporate test PSU under an agreement. It assumes nothing of our
 * sandbox: the PSUs, the recipient and the bank's pages come from the target (e2e/support/targets.ts,
 * its SCA driver), and no call goes to the bank but the app's. CI runs it against our sandbox bank
 * started on its own over HTTPS with the client certificate required (scripts/e2e-portable.mjs).
 * Each test stands alone on the fixtures (e2e/support/fixtures.ts), from the worker's sign-in of
 * the demo user: the payment tests take the private PSU's connection the first test made (its
 * cookies), or make it themselves when run alone.
 *
 * @see docs/against-a-bank-sandbox.md "Running the end-to-end suite against a bank's sandbox"
 */
import type { Page } from "@playwright/test";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import {
  chooseProductAndKind,
  decideAtBank,
  fillTransfer,
  kariAddress,
  kr,
  landOnPaymentPage,
  paymentStatus,
  submitPayment,
  uniqueAmount,
  sendToApproveLater,
} from "./support/payments";
import { scaDriver } from "./support/sca-drivers";
import { target } from "./support/targets";
import { appUrl, chooseContextAtBank, shoot } from "./support/tpp-app";

// Each test on a page of its own, from the worker's sign-in of the demo user.
test.use({ demoUserSession: "signed in" });

let page: Page;
test.beforeEach(({ page: own }) => {
  page = own;
});

/** The private test PSU connected on `page`: the bank's login and consent for all its accounts, ending on /accounts. */
async function connectPrivatePsu(): Promise<void> {
  await page.goto("/connect?returnTo=%2Faccounts&newPsu=1");
  await scaDriver.passLogin(page, target.psu);
  await scaDriver.confirmAccounts(page, { all: true });
  await page.waitForURL(`${appUrl}/accounts`);
}

/** The browser's cookies of the private PSU's connection (the PSU session beside the sign-in). */
const PRIVATE_CONNECTION = "the private test PSU's connection";

/**
 * The private test PSU connected: the connection the first test made and kept (its cookies, added
 * to this test's context), or made now when that test did not run in this worker.
 */
async function withPrivatePsu(madeEarlier: MadeEarlier): Promise<void> {
  const cookies = await once(madeEarlier, PRIVATE_CONNECTION, async () => {
    await connectPrivatePsu();
    return page.context().cookies();
  });
  await page.context().addCookies(cookies);
}

/** The accounts page's list of bank accounts: one link per account. */
const accountLinks = () => page.getByRole("region", { name: /^Bank accounts/ }).getByRole("link");

/** The form of a domestic transfer to the target's creditor from the first account offered, filled in; returns its amount. */
async function fillPayment(): Promise<string> {
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  const payFrom = page.getByLabel("Pay from");
  if ((await payFrom.inputValue()) === "") await payFrom.selectOption({ index: 1 });
  const amount = uniqueAmount();
  await fillTransfer(page, { name: target.creditor.name, account: target.creditor.account, address: kariAddress, amount });
  return amount;
}

/** A domestic transfer sent to the bank to be approved later (with others, in a signing basket); returns its amount. */
async function keepForLater(): Promise<string> {
  const amount = await fillPayment();
  await sendToApproveLater(page);
  return amount;
}

test("connect a private test PSU: the bank's login and consent, then the accounts and an account's transactions", async ({
  madeEarlier,
}) => {
  await connectPrivatePsu();
  keep(madeEarlier, PRIVATE_CONNECTION, await page.context().cookies());
  await expect(accountLinks().first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await shoot(page, "portable-01-accounts");

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Connection" })).toContainText("Private");

  // The first account's page: its balances and the transactions the bank gives (or that there are none).
  await page.goto("/accounts");
  await accountLinks().first().click();
  await page.waitForURL(/\/accounts\/[^/]+$/);
  await expect(
    page.getByRole("table", { name: "Booked transactions" }).or(page.getByText("No booked transactions in this period")),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await shoot(page, "portable-02-transactions");
});

test("one domestic transfer approved at the bank: back on its page, accepted by the bank", async ({ madeEarlier }) => {
  await withPrivatePsu(madeEarlier);
  await fillPayment();
  await submitPayment(page);
  await decideAtBank(page, { nationalId: target.psu });
  await landOnPaymentPage(page);
  // Any status of a payment the bank took (received, accepted, pending, settled), none of a refusal.
  await expect(paymentStatus(page)).toContainText(/(RCVD|ACTC|ACCP|ACWC|ACSP|ACSC|ACFC|PATC|PDNG)/);
  await expect(paymentStatus(page)).not.toContainText(/(RJCT|CANC)/);
  await shoot(page, "portable-03-payment");
});

test("a payment whose approval is cancelled at the bank: back on its page, not paid", async ({ madeEarlier }) => {
  await withPrivatePsu(madeEarlier);
  await fillPayment();
  await submitPayment(page);
  await decideAtBank(page, { nationalId: target.psu, decision: "Cancel" });
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(/(RJCT|CANC)/);
});

test("two payments kept at the bank, then signed together with one SCA: the basket approved", async ({ madeEarlier }) => {
  await withPrivatePsu(madeEarlier);
  const two = [await keepForLater(), await keepForLater()];
  await page.goto("/payments");
  for (const amount of two)
    await page.getByRole("checkbox", { name: `Sign together: ${target.creditor.name}, ${kr(amount)}`, exact: true }).check();
  await page.getByRole("button", { name: "Sign together (2)", exact: true }).click();
  await decideAtBank(page, { nationalId: target.psu });
  await page.waitForURL(/\/baskets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2 payments signed together");
  const status = page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]");
  await expect(status).toContainText(/(ACTC|ACSC|PATC|PART)/);
  await shoot(page, "portable-05-basket");
});

test("a consent cancelled at the bank: the failure page, and Try again goes back to the bank", async () => {
  await page.goto("/connect?returnTo=%2Faccounts&newPsu=1");
  await scaDriver.passLogin(page, target.psu);
  await scaDriver.cancelConsent(page);
  await page.waitForURL(/\/callback\/failed/);
  await expect(page.getByRole("heading", { level: 1, name: "The approval at the bank did not succeed" })).toBeVisible();
  await shoot(page, "portable-04-failure");
  await page.getByRole("link", { name: "Try again" }).click();
  await page.waitForURL((url) => url.origin !== new URL(appUrl).origin);
});

test("connect a corporate test PSU under its agreement: the app acts for the company", async () => {
  await page.goto("/connect?returnTo=%2Fcorporate&newPsu=1");
  await scaDriver.passLogin(page, target.corporatePsu);
  await chooseContextAtBank(page, target.corporatePsu.agreement);
  await scaDriver.confirmAccounts(page, { all: true });
  await page.waitForURL(`${appUrl}/corporate`);
  await expect(page.getByRole("region", { name: "Acting as" })).toContainText("Corporate");
  await shoot(page, "portable-06-corporate");
});
