/**
 * The TPP app's payments end to end in Chromium, against npm run demo's servers: each product and
 * kind from the form (/payments/new) through the bank's approval to the payment's page, as a user
 * goes: one SCA that identifies a user without a PSU-ID and approves, a Norwegian domestic
 * payment from an account's page followed to Paid without a reload after the bank's batch run,
 * SEPA (the bank's scaRedirect at once), instant (the fee told before and after), a standing order
 * in the months chosen, and a bulk in a company's name. Each page is kept as a screenshot at
 * desktop and phone width and checked with axe.
 *
 * The sandbox clock is stopped while each test runs (no scheduled batch run settles a payment
 * between two steps; the test runs the batch itself) and runs on afterwards. Each test opens a page
 * of its own (e2e/support/fixtures.ts) and may run in any worker: the first two on the worker's
 * sign-in of the demo user (the first forgets any connection, the second connects Ingrid itself),
 * the others on the worker's connection as Ingrid (the bulk payment's test then connects Sindre for
 * his company, which the next "connected" test of the worker replaces). Ingrid's Brukskonto as the
 * bank tells a TPP (its BBAN and id) is asked once per worker, by whichever test needs it first.
 *
 * @see docs/tpp-app.md#a-payment-from-the-form-to-the-booked-transaction; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, type MadeEarlier, once, test } from "./support/fixtures";
import {
  accountsOf,
  addDays,
  bankAmount,
  chooseProductAndKind,
  decideAtBank,
  fillTransfer,
  KARI,
  kariAddress,
  kr,
  landOnPaymentPage,
  passBankLogin,
  paymentStatus,
  runBatch,
  sandboxToday,
  SEPA_IBAN,
  statusText,
  submitPayment,
  timeline,
  uniqueAmount,
} from "./support/payments";
import {
  appUrl,
  CARD,
  confirmAccounts,
  chooseContextAtBank,
  DESKTOP,
  INGRID,
  MAIN,
  PHONE,
  SAVINGS,
  shoot,
  SINDRE,
} from "./support/tpp-app";
import { forgetBankConnection } from "./support/signed-in-page";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox clock frozen, batch runs and the known customers' accounts");

// Any test to any worker: each starts from the worker's sign-in or connection (e2e/support/fixtures.ts).
test.describe.configure({ mode: "parallel" });
// The demo user connected as Ingrid (the worker's connection), the clock stopped while each test runs.
test.use({ demoUserSession: "connected", frozenClock: true });

/** The name under which Ingrid's Brukskonto, as the bank tells a TPP, is kept for the later tests of the worker. */
const INGRID_MAIN = "tpp-payments-journeys: Ingrid's Brukskonto";

/** Ingrid's Brukskonto as the bank tells a TPP: its BBAN and resourceId (asked by an earlier test of the worker, or now). */
function ingridMain(browser: Browser, made: MadeEarlier): Promise<{ bban: string; id: string }> {
  return once(made, INGRID_MAIN, async () => {
    const main = (await accountsOf(browser, INGRID)).find((account) => account.name === "Brukskonto");
    expect(main?.bban).toMatch(/^\d{11}$/);
    return { bban: main?.bban ?? "", id: main?.id ?? "" };
  });
}

const a11y = (page: Page, name: string) => expectNoSeriousA11yViolations(page, name);
const paymentRegion = (page: Page) => page.getByRole("region", { name: "Payment", exact: true });

// These two start from the worker's sign-in, connected or not: each forgets any connection first; the second then connects Ingrid itself.
test.describe("from the sign-in", () => {
  test.use({ demoUserSession: "signed in" });

  test("a user without a PSU-ID pays with one SCA that identifies and approves", async ({ browser, page, madeEarlier }) => {
    const main = await ingridMain(browser, madeEarlier);
    // The demo user may be connected (by the worker's tests before): forget it, as a user does in the settings.
    await page.goto("/settings");
    const forget = page.getByRole("button", { name: "Forget this bank connection" });
    if (await forget.isEnabled()) {
      await forget.click();
      await expect(page.getByRole("status").filter({ hasText: "Forgotten" })).toHaveText(
        "Forgotten: the app no longer holds a PSU-ID for you.",
      );
    }
    await expect(page.getByText("The app has no PSU-ID for you")).toBeVisible();
    await expect(forget).toBeDisabled();
    await a11y(page, "settings, no PSU-ID");

    await page.goto("/payments/new");
    await expect(page.getByText("You have not connected your bank")).toBeVisible();
    // No consented account to pick: the account is typed in.
    await expect(page.getByLabel("Pay from")).toHaveCount(0);
    await chooseProductAndKind(page, "Norwegian transfer", "One payment");
    await page.getByLabel("Your account number").fill(main.bban);
    await expect(page.getByRole("radio", { name: /^Log in when you approve/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Private person/ })).toBeChecked();
    const amount = uniqueAmount();
    await fillTransfer(page, { name: KARI.name, account: KARI.bban, address: kariAddress, amount, message: "Husleie, én innlogging" });
    await expect(page.getByRole("complementary", { name: "Summary" })).toContainText(kr(amount));
    await shoot(page, "20-form-single-sca", { phone: true });
    await a11y(page, "new payment, no PSU-ID");
    await submitPayment(page);

    await decideAtBank(page, {
      nationalId: INGRID,
      expect: async (bank) => {
        await expect(bank.getByRole("article")).toContainText(bankAmount(amount));
        await expect(bank.getByRole("article").getByRole("heading", { name: KARI.name })).toBeVisible();
      },
    });
    await landOnPaymentPage(page);
    await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
    await expect(page.getByRole("region", { name: "At the bank" })).toContainText("PSU-Context (one SCA identifies and approves)");
    await expect(paymentRegion(page)).toContainText(kr(amount));

    // The approval identified the user: the app now holds a PSU-ID.
    await page.goto("/");
    const psuId = page
      .getByRole("region", { name: "Connection" })
      .locator("dt", { hasText: "PSU-ID" })
      .locator("xpath=following-sibling::dd[1]");
    await expect(psuId).toHaveText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await page.goto("/settings");
    await expect(page.getByText("The bank identifies you to this app as PSU-ID")).toBeVisible();
  });

  test("connect as 13039319955, pay from the account's page, follow it to Paid without a reload", async ({
    browser,
    page,
    madeEarlier,
  }) => {
    const main = await ingridMain(browser, madeEarlier);
    // The worker's tests before may have left another customer's PSU-ID (a connection replaced or
    // expired): forgotten first, so that the bank's login takes Ingrid.
    await forgetBankConnection(page);
    await page.goto("/");
    await page.getByRole("link", { name: /^Connect your bank/ }).click();
    await passBankLogin(page, INGRID);
    await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
    await page.waitForURL(`${appUrl}/accounts`);
    await page.getByRole("link", { name: MAIN }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Brukskonto" })).toBeVisible();
    await page.getByRole("link", { name: "Pay from this account" }).click();
    await expect(page).toHaveURL(/\/payments\/new\?from=/);
    await expect(page.getByLabel("Pay from")).toHaveValue(`account:${main.id}`);
    await expect(page.getByRole("radio", { name: /^As connected/ })).toBeChecked();

    await chooseProductAndKind(page, "Norwegian transfer", "One payment");
    const amount = uniqueAmount();
    await fillTransfer(page, { name: KARI.name, account: KARI.bban, address: kariAddress, amount, message: "Husleie desember" });
    await shoot(page, "21-form-domestic", { phone: true });
    await a11y(page, "new payment, Norwegian transfer");
    await submitPayment(page);
    await decideAtBank(page, {
      nationalId: INGRID,
      expect: async (bank) => expect(bank.getByRole("article")).toContainText(bankAmount(amount)),
    });
    await landOnPaymentPage(page);
    await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
    await expect(page.getByText("is read from the bank again every 3 seconds")).toBeVisible();
    await expect(paymentRegion(page)).toContainText(`${KARI.name} · 8601 11 17947`);
    await expect(paymentRegion(page)).toContainText("Husleie desember");
    await shoot(page, "22-payment-approved", { phone: true });
    await a11y(page, "payment, approved");

    // The bank's batch run pays it; the page, polling, follows without a reload (the marker survives).
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    await runBatch();
    await expect(paymentStatus(page)).toContainText(statusText("Paid", "ACSC"), { timeout: 20_000 });
    expect(await page.evaluate(() => (window as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
    await expect(timeline(page)).toHaveCount(3);
    for (const [index, [label, code]] of [
      ["Received", "RCVD"],
      ["Approved", "ACTC"],
      ["Paid", "ACSC"],
    ].entries()) {
      await expect(timeline(page).nth(index)).toContainText(statusText(label ?? "", code ?? ""));
    }
    await expect(page.getByText("Final: it will not change.")).toBeVisible();
    await expect(page.getByText("is read from the bank again every 3 seconds")).toHaveCount(0);
    await shoot(page, "23-payment-paid", { phone: true });
    await a11y(page, "payment, paid");

    // The debit is booked on the account.
    await page.goto(`/accounts/${main.id}`);
    const booked = page.getByRole("table", { name: "Booked transactions" });
    await expect(
      booked
        .locator("tbody tr")
        .filter({ hasText: KARI.name })
        .filter({ hasText: kr(`-${amount}`) }),
    ).toHaveCount(1);
  });
});

test("a SEPA payment goes to the bank's approval at once (its scaRedirect) and is approved", async ({ browser, page, madeEarlier }) => {
  const main = await ingridMain(browser, madeEarlier);
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "SEPA transfer", "One payment");
  await page.getByLabel("Pay from").selectOption(`account:${main.id}`);
  // SEPA is in euro: the form follows the product.
  await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("EUR");
  // A tenth in euro: the account in kroner pays 11.50 kroner the euro.
  const amount = (Number(uniqueAmount()) / 10).toFixed(2);
  await fillTransfer(page, { name: "Erika Mustermann", account: SEPA_IBAN, amount, message: "Ferienwohnung" });
  await shoot(page, "24-form-sepa", { phone: true });
  await a11y(page, "new payment, SEPA transfer");
  await submitPayment(page);
  await decideAtBank(page, {
    nationalId: INGRID,
    expect: async (bank) => {
      await expect(bank.getByRole("article")).toContainText(bankAmount(amount, "EUR"));
      await expect(bank.getByRole("article")).toContainText("DE89 3704 0044 0532 0130 00");
    },
  });
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
  await expect(paymentRegion(page)).toContainText(kr(amount, "EUR"));
  await expect(paymentRegion(page)).toContainText("DE89 3704 0044 0532 0130 00");

  // The bank started the SCA itself: the app never posted an authorisation for it.
  await page.getByRole("link", { name: "This payment's calls in the request inspector" }).click();
  const calls = page.getByRole("table", { name: "Calls to the bank, newest first" });
  await expect(calls.getByRole("link", { name: /^\/v1\/payments\/sepa-credit-transfers$/ })).toHaveCount(1);
  await expect(calls.getByRole("link", { name: /authorisations/ })).toHaveCount(0);
});

test("an instant payment: the fee before sending and on the payment, paid at once", async ({ browser, page, madeEarlier }) => {
  const main = await ingridMain(browser, madeEarlier);
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Instant transfer (straks)", "One payment");
  await page.getByLabel("Pay from").selectOption(`account:${main.id}`);
  const amount = uniqueAmount();
  await fillTransfer(page, { name: KARI.name, account: KARI.bban, address: kariAddress, amount, message: "Straks" });
  // Written as every page writes an amount, as the payment's page will show it.
  await expect(page.getByRole("status").filter({ hasText: /fee/i })).toHaveText(`Fee: ${kr("2.00")}`);
  await shoot(page, "25-form-instant", { phone: true });
  await a11y(page, "new payment, instant transfer");
  await submitPayment(page);
  await decideAtBank(page, { nationalId: INGRID, expect: async (bank) => expect(bank.getByRole("article")).toContainText("NOK 2.00") });
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Paid", "ACSC"));
  await expect(paymentRegion(page).locator("dt", { hasText: "Fee" }).locator("xpath=following-sibling::dd[1]")).toHaveText(kr("2.00"));
  await shoot(page, "26-payment-instant-paid", { phone: true });
  await a11y(page, "payment, instant, paid");
});

test("a standing order in the months chosen (MonthlyVariable): accepted, its schedule shown", async ({ browser, page, madeEarlier }) => {
  const main = await ingridMain(browser, madeEarlier);
  const today = await sandboxToday();
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "Repeating payment");
  await page.getByLabel("Pay from").selectOption(`account:${main.id}`);
  const amount = uniqueAmount();
  await fillTransfer(page, {
    name: "Oslo Tennisklubb",
    account: "15032080119",
    address: { street: "Huk aveny", number: "35", postalCode: "0287", city: "Oslo" },
    amount,
    message: "Kontingent",
  });
  const start = addDays(today, 7);
  await page.getByLabel("First payment").fill(start);
  await page.getByLabel("How often").selectOption("MonthlyVariable");
  for (const month of ["March", "June", "September"]) await page.getByRole("checkbox", { name: month }).check();
  await page.getByLabel("Day of the month (optional)").selectOption("15");
  await shoot(page, "27-form-periodic", { phone: true });
  await a11y(page, "new payment, repeating");
  await submitPayment(page);
  await decideAtBank(page, { nationalId: INGRID, expect: async (bank) => expect(bank.getByRole("article")).toContainText("Repeats") });
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Accepted", "ACCP"));
  const repeats = paymentRegion(page).locator("dt", { hasText: "Repeats" }).locator("xpath=following-sibling::dd[1]");
  await expect(repeats).toContainText("In the months I choose (months 3, 6, 9), on day 15");
  await expect(page.getByText("The standing order runs on its dates.")).toBeVisible();
  await shoot(page, "28-payment-standing-order", { phone: true });
  await a11y(page, "payment, standing order");
});

test("a bulk payment for the company Lie Snekkeri AS: the total, approved, then paid after the batch run", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Connect another customer" }).click();
  await passBankLogin(page, SINDRE);
  await chooseContextAtBank(page, "Lie Snekkeri AS (org. no. 926 148 338)");
  await confirmAccounts(page, { check: [/^Driftskonto/] });
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: /^Driftskonto 3800 \d\d \d{5}, / })).toBeVisible();

  await page.goto("/payments/new");
  await expect(page.getByText("You act for a company.")).toBeVisible();
  await chooseProductAndKind(page, "Norwegian transfer", "Bulk payment");
  await expect(page.getByLabel("Pay from").locator("option:checked")).toHaveText(/^Driftskonto · 3800 \d\d \d{5} · NOK$/);
  const rows = [
    { name: "Trelast Vest AS", account: "15032080119", amount: uniqueAmount(), message: "Faktura 2041" },
    { name: KARI.name, account: KARI.bban, amount: uniqueAmount(), message: "Lønn" },
    { name: "Jernvare Nord AS", account: "86011117947", amount: uniqueAmount(), message: "Faktura 311" },
  ];
  for (const [index, row] of rows.entries()) {
    if (index > 0) await page.getByRole("button", { name: "Add a payment" }).click();
    await fillTransfer(page.getByRole("group", { name: `Payment ${index + 1}`, exact: true }), { ...row, address: kariAddress });
  }
  const total = (rows.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0) / 100).toFixed(2);
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary.locator("dt", { hasText: "Total" }).locator("xpath=following-sibling::dd[1]")).toHaveText(kr(total));
  await expect(summary.locator("dt", { hasText: "Payments" }).locator("xpath=following-sibling::dd[1]")).toHaveText("3");
  await shoot(page, "29-form-bulk", { phone: true });
  await a11y(page, "new payment, bulk");
  await submitPayment(page);
  await decideAtBank(page, {
    nationalId: SINDRE,
    agreement: "Lie Snekkeri AS (org. no. 926 148 338)",
    expect: async (bank) => {
      await expect(bank.getByRole("article").getByRole("heading", { name: "3 transfers" })).toBeVisible();
      await expect(bank.getByRole("article")).toContainText(bankAmount(total));
    },
  });
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${kr(total)} to 3 recipients`);
  const bulk = page.getByRole("table", { name: "Payments of the bulk" });
  for (const row of rows)
    await expect(
      bulk
        .locator("tr")
        .filter({ hasText: row.name })
        .filter({ hasText: kr(row.amount) }),
    ).toHaveCount(1);
  // At a phone's width the bulk's payments fit: recipient, account, message and amount in view without scrolling sideways.
  await page.setViewportSize(PHONE);
  const bulkRegion = page.getByRole("region", { name: "Payments of the bulk" });
  expect(await bulkRegion.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole("region", { name: "At the bank" })).toContainText("Corporate (PSU-Corporate-ID");
  await runBatch();
  await expect(paymentStatus(page)).toContainText(statusText("Paid", "ACSC"), { timeout: 20_000 });
  await shoot(page, "30-payment-bulk-paid", { phone: true });
  await a11y(page, "payment, bulk, paid");
});
