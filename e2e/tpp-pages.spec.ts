/**
 * The TPP app's pages end to end in Chromium, against npm run demo's servers (the app and the
 * sandbox bank, fresh data): sign in, connect at the bank, read accounts, transactions and cards,
 * the failure and refusal pages, a new SCA after the sandbox clock moves an hour, revocation by
 * deselecting, settings, the request inspector and a corporate customer; each page is kept as a
 * screenshot.
 *
 * Each test stands alone on a page of its own (e2e/support/fixtures.ts): the demo user connected as
 * Ingrid (her Brukskonto, Sparekonto and card) unless the test says otherwise. The sign-in and the
 * first connection start from no bank connection, forgotten by the test itself; the tests that
 * approve again, deselect an account or connect the corporate customer change the worker's
 * connection, and the next "connected" test connects Ingrid again. The hour moved on the sandbox
 * clock stays moved for the worker (fresh data each run); the tests after it need only their own
 * approval, which the fixtures renew.
 *
 * @see docs/interface/authentication.md#authentication, docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/sandbox-operations.md#sandbox-operations
 */
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { type DemoUser, expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import { expectNothingOverflows } from "./support/page-checks";
import { passBankLogin } from "./support/payments";
import { createSignedBankClient } from "./support/signed-bank-client";
import {
  CARD,
  chooseContextAtBank,
  confirmAccounts,
  DESKTOP,
  INGRID,
  logInAtBank,
  MAIN,
  onBank,
  PHONE,
  SAVINGS,
  shoot,
  signIn,
  SINDRE,
  appUrl,
} from "./support/tpp-app";
import { captureScreenshot } from "./support/capture-screenshot";
import { requireSandboxControls } from "./support/targets";
import { forgetBankConnection } from "./support/signed-in-page";

requireSandboxControls("the known customers' accounts and transactions, and the sandbox clock moved");

const bank = createSignedBankClient();

// Each test on a page of its own, in any worker; the demo user connected as Ingrid unless a test's block says otherwise.
test.describe.configure({ mode: "parallel" });
test.use({ demoUserSession: "connected" });

/** The name under which a test that read an account's transactions says so (the request inspector then lists the calls). */
const TRANSACTIONS_READ = "tpp-pages: an account's transactions read";
const LIE_SNEKKERI = "Lie Snekkeri AS (org. no. 926 148 338)";

/** The page's accessibility check (axe: WCAG 2 A and AA), one per page. */
const checkA11y = (page: Page, name: string) => expectNoSeriousA11yViolations(page, name);

/** At a phone's width, no text in the page's tables is cut short with an ellipsis: it wraps instead. */
async function expectNoTableTextCutOnPhone(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main table *")]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).textOverflow === "ellipsis")
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => (element.textContent ?? "").trim()),
  );
  await page.setViewportSize(DESKTOP);
  expect(cut, `text cut short in the tables of ${name} at a phone's width`).toEqual([]);
}

/** A context of the worker's sign-in (no PSU session), for what a test does besides its own page. */
async function withSignedInContext(browser: Browser, demoUser: DemoUser, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP, storageState: await demoUser.storageState("signed in") });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * The accounts page: where the fixtures' check of the connection left the test's page (it reads the
 * accounts there), or opened now.
 */
async function openAccounts(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== "/accounts") await page.goto("/accounts");
}

/** Brukskonto's page opened from the accounts, so that the request inspector lists its calls (balances, transactions). */
async function readMainAccount(page: Page, made: MadeEarlier): Promise<void> {
  await openAccounts(page);
  await page.getByRole("link", { name: MAIN }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brukskonto" })).toBeVisible();
  keep(made, TRANSACTIONS_READ, true);
}

/**
 * The demo user connected as corporate customer Sindre, acting for Lie Snekkeri AS: kept from an
 * earlier test when the settings page still says so (one corporate agreement), otherwise connected
 * now in a context of its own.
 */
async function ensureSindreConnected(browser: Browser, demoUser: DemoUser): Promise<void> {
  await withSignedInContext(browser, demoUser, async (page) => {
    await page.goto("/settings");
    const connection = page.getByRole("region", { name: "Bank connection" });
    await expect(connection).toContainText("PSU-ID");
    if ((await connection.textContent())?.includes("with 1 corporate agreement") === true) return;
    await page.goto("/corporate");
    // The page's own link (with an approval ended, the agreements' panel offers it too).
    await page.getByRole("link", { name: "Log in as another customer" }).first().click();
    await passBankLogin(page, SINDRE);
    await chooseContextAtBank(page, LIE_SNEKKERI);
    await confirmAccounts(page, { check: [/^Driftskonto/] });
    await page.waitForURL(`${appUrl}/corporate`);
    await expect(page.getByRole("list", { name: "Company agreements" })).toContainText("Lie Snekkeri AS");
  });
}

test.describe(() => {
  // Signed out, the demo user with no bank connection: forgotten first, in a sign-in of its own.
  test.use({ demoUserSession: "signed out" });

  test("sign in with the demo user shown on the sign-in page", async ({ page, browser, demoUser }) => {
    await withSignedInContext(browser, demoUser, forgetBankConnection);
    await page.goto("/accounts");
    await page.waitForURL(/\/signin\?callbackUrl=%2Faccounts/);
    const demo = page.getByText("Sandbox demo user").locator("..");
    await expect(demo).toBeVisible();
    const password = (await demo.locator("dd").nth(1).textContent()) ?? "";
    expect(password).toMatch(/\S{6,}/);
    // The environment's note is part of the page's banner landmark (the header), not outside every landmark.
    await expect(page.getByRole("banner").getByRole("note", { name: "Environment" })).toContainText("Sandbox");
    await shoot(page, "01-sign-in", { phone: true });
    await checkA11y(page, "sign-in");
    await page.getByLabel("User name").fill("demo");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
    await expect(page.getByText("No bank connected yet")).toBeVisible();
    await checkA11y(page, "accounts, no bank connected");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your bank connection" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
    await shoot(page, "02-home-not-connected");
    await checkA11y(page, "home, not connected");
  });
});

test.describe(() => {
  // Signed in, the demo user with no bank connection (forgotten here): the test connects Ingrid itself.
  test.use({ demoUserSession: "signed in" });

  test("connect as private customer 13039319955: accounts and balances", async ({ page, demoUser }) => {
    // Links between the app's pages do not prefetch (components/ui/link.tsx): no page view asks the server for others.
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["next-router-prefetch"] !== undefined) prefetched.push(request.url());
    });
    await forgetBankConnection(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Connect your bank" }).click();
    await logInAtBank(page, INGRID);
    await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
    await page.waitForURL(`${appUrl}/accounts`);
    await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
    await expect(page.getByRole("link", { name: SAVINGS })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mastercard Gold 5522 11** **** 4821" })).toBeVisible();
    // Each link's name says what its card shows, the balances too.
    const kr = String.raw`[−-]?\d[\d\s]*,\d\d\skr`;
    await expect(page.getByRole("link", { name: MAIN })).toHaveAccessibleName(
      new RegExp(`^Brukskonto 3800 \\d\\d \\d{5}, Available ${kr}, Expected ${kr}, Booked at end of day ${kr}$`),
    );
    await expect(page.getByRole("link", { name: CARD })).toHaveAccessibleName(
      new RegExp(`^Mastercard Gold 5522 11\\*\\* \\*\\*\\*\\* 4821, (Available|Balance) ${kr}(, Credit limit ${kr})?$`),
    );
    // Each account shows its available balance in kroner.
    await expect(page.getByRole("link", { name: MAIN })).toContainText("Available");
    await expect(page.getByRole("link", { name: MAIN })).toContainText(/\d\s?kr/);
    await shoot(page, "03-accounts", { phone: true });
    await checkA11y(page, "accounts");

    await page.goto("/");
    const connection = page.getByRole("region", { name: "Connection" });
    await expect(connection).toContainText("Ingrid Marie Haugen");
    await expect(connection).toContainText("Private");
    await expect(connection).toContainText("valid");
    await shoot(page, "04-home-connected", { phone: true });
    await checkA11y(page, "home, connected");
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);
    // This connection, Ingrid's three accounts, is the worker's from now on: the next tests need not connect again.
    await demoUser.keepConnection(page);
  });
});

test("an account's transactions paged to the end, pending marked", async ({ page, madeEarlier }) => {
  await readMainAccount(page, madeEarlier);
  await expect(page.getByRole("img", { name: /^Balance from / })).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending transactions" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending transactions" }).getByText("Pending").first()).toBeVisible();
  await shoot(page, "05-account", { phone: true });
  await checkA11y(page, "account");
  await expectNoTableTextCutOnPhone(page, "the account");
  await captureScreenshot(page, { path: test.info().outputPath("05-account-top.png") });
  await page.setViewportSize(PHONE);
  await captureScreenshot(page, { path: test.info().outputPath("05-account-top-phone.png") });
  await page.setViewportSize(DESKTOP);

  await page.getByRole("link", { name: "All history" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d/);
  // The form shows the range chosen by the link.
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(new URL(page.url()).searchParams.get("from") ?? "");
  await page.getByLabel("Booking status").selectOption("booked");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/status=booked&from=/);
  let seen = 0;
  let pages = 0;
  for (;;) {
    const rows = page.getByRole("table", { name: "Booked transactions" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    seen += await rows.count();
    pages += 1;
    await expect(page.getByRole("navigation", { name: "Pages of transactions" })).toContainText(`Page ${pages}`);
    const next = page.getByRole("navigation", { name: "Pages of transactions" }).getByRole("link", { name: "Next" });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`n=${pages + 1}`));
  }
  await expect(page.getByRole("navigation", { name: "Pages of transactions" })).toContainText("last page");
  expect(seen).toBeGreaterThanOrEqual(1500);
  expect(pages).toBe(Math.ceil(seen / 200));
  await shoot(page, "06-account-last-page");
});

test("an account's view reads its balances and 90 days' history once: a Next page asks the bank for its transactions only", async ({
  page,
  context,
}) => {
  await openAccounts(page);
  await page.getByRole("link", { name: MAIN }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brukskonto" })).toBeVisible();
  const accountId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const inspector = await context.newPage();
  /** The calls to this account's paths, newest first: their ids and paths with query. */
  const callsOfAccount = async () => {
    await inspector.goto(`/inspector?path=${encodeURIComponent(`/v1/accounts/${accountId}`)}`);
    const links = inspector.getByRole("table", { name: "Calls to the bank, newest first" }).getByRole("link");
    await expect(links.first()).toBeVisible();
    return Promise.all(
      (await links.all()).map(async (link) => ({
        id: Number((await link.getAttribute("href"))?.split("/").pop()),
        path: (await link.textContent()) ?? "",
      })),
    );
  };
  // All history: pages enough for a Next.
  await page.getByRole("link", { name: "All history" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d/);
  const pages = page.getByRole("navigation", { name: "Pages of transactions" });
  await expect(pages).toContainText("Page 1");
  const newestBefore = Math.max(...(await callsOfAccount()).map((call) => call.id));
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(pages).toContainText("Page 2");
  await expect(page.getByRole("img", { name: /^Balance from / })).toBeVisible();
  const made = (await callsOfAccount()).filter((call) => call.id > newestBefore);
  expect(made.map((call) => new URL(call.path, appUrl).pathname)).toEqual([`/v1/accounts/${accountId}/transactions`]);
  await inspector.close();
});

test("a filter in the address that cannot be used is named on its field, and the account still shows", async ({ page }) => {
  await openAccounts(page);
  const accountPath = (await page.getByRole("link", { name: MAIN }).getAttribute("href")) ?? "";
  await page.goto(`${accountPath}?from=2026-02-30&status=both`);
  await expect(page.getByRole("heading", { level: 1, name: "Brukskonto" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balances" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Balance from / })).toBeVisible();
  const from = page.getByLabel("From", { exact: true });
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(from).toHaveAccessibleDescription("2026-02-30 is not a date of the calendar.");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("The filter in this address cannot be used");
  await shoot(page, "06b-account-bad-filter", { phone: true });
  await checkA11y(page, "account with a filter that cannot be used");
});

test("a transaction's details", async ({ page }) => {
  await openAccounts(page);
  await page.getByRole("link", { name: MAIN }).click();
  const first = page.getByRole("table", { name: "Booked transactions" }).locator("tbody tr").first().getByRole("link");
  const name = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const details = page.locator("dl[aria-label='Transaction details']");
  await expect(details).toContainText("Booking date");
  await expect(details).toContainText("Transaction id");
  await expect(details).toContainText("Booked");
  await shoot(page, "07-transaction", { phone: true });
  await checkA11y(page, "transaction");
});

test("card transactions with the original amount and currency", async ({ page }) => {
  await openAccounts(page);
  await page.getByRole("link", { name: "Mastercard Gold 5522 11** **** 4821" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mastercard Gold" })).toBeVisible();
  // The card's status in words, not the bank's code (enabled).
  const facts = page.locator("dl[aria-label='Card']");
  await expect(facts.locator("dt", { hasText: "Status" }).locator("+ dd")).toHaveText("Open");
  const table = page.getByRole("table", { name: /^Booked card transactions/ });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Original amount" })).toBeVisible();
  // The pending ones are headed as the booked ones: the column holds the merchant.
  const pending = page.getByRole("table", { name: /^Pending card transactions/ });
  await expect(pending.locator("tbody tr").first()).toBeVisible();
  await expect(pending.getByRole("columnheader")).toHaveText(["Date", "Merchant", "Original amount", "Amount"]);
  // Purchases abroad: an original amount in another currency than the card's NOK.
  await page.getByRole("link", { name: "12 months" }).click();
  await expect(table.getByRole("cell", { name: /^[−-]?\d[\d\s]*,\d\d\s(EUR|SEK|USD|GBP|DKK)$/ }).first()).toBeVisible();
  // Every original amount is a number with its currency, the card's own NOK too (never "NOK" alone).
  const originals = await table.locator("tbody tr td:nth-child(3)").allTextContents();
  expect(originals.length).toBeGreaterThan(0);
  for (const original of originals) expect(original).toMatch(/^[−-]?\d[\d\s]*,\d\d\s(kr|[A-Z]{3})$/);
  await shoot(page, "08-card", { phone: true });
  await checkA11y(page, "card account");
  await expectNoTableTextCutOnPhone(page, "the card account");
});

test("a card account's from date that cannot be used is named on its field, and the card still shows", async ({ page }) => {
  await openAccounts(page);
  const cardPath = (await page.getByRole("link", { name: "Mastercard Gold 5522 11** **** 4821" }).getAttribute("href")) ?? "";
  await page.goto(`${cardPath}?from=2026-02-30`);
  await expect(page.getByRole("heading", { level: 1, name: "Mastercard Gold" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balances" })).toBeVisible();
  const from = page.getByLabel("From", { exact: true });
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(from).toHaveAccessibleDescription("2026-02-30 is not a date of the calendar.");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("The filter in this address cannot be used");
  await expect(page.getByRole("table", { name: /^Booked card transactions/ })).toHaveCount(0);
  await shoot(page, "08b-card-bad-filter", { phone: true });
  await checkA11y(page, "card account with a filter that cannot be used");
  // A range chosen: the card's transactions, the field no longer marked.
  await page.getByRole("link", { name: "90 days" }).click();
  await expect(
    page
      .getByRole("table", { name: /^Booked card transactions/ })
      .locator("tbody tr")
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  // The field shows the range's first day, as the address has it.
  const chosen = new URL(page.url()).searchParams.get("from") ?? "";
  expect(chosen).toMatch(/^\d{4}-\d\d-\d\d$/);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(chosen);
});

test("cancel at the bank gives the failure page", async ({ page }) => {
  await openAccounts(page);
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await logInAtBank(page, INGRID);
  await expect(page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/\/callback\/failed/);
  await expect(page.getByRole("heading", { name: "The approval at the bank did not succeed" })).toBeVisible();
  await expect(page.getByText("SCA_INVALID")).toBeVisible();
  await expect(page.getByText("The approval at the bank was cancelled or not completed.")).toBeVisible();
  await shoot(page, "09-failure", { phone: true });
  await checkA11y(page, "callback failure");
  const failure = page.url();
  // The same address with words of someone else's is not the app's: nothing of its query is shown.
  const forged = new URL(failure);
  forged.searchParams.set("message", "Call +47 000 00 000 to unlock your account");
  await page.goto(forged.toString());
  await expect(page.getByRole("heading", { level: 1, name: "This address was not made by the app" })).toBeVisible();
  await expect(page.getByText("Call +47")).toHaveCount(0);
  await expect(page.getByText("SCA_INVALID")).toHaveCount(0);
  // The earlier approval stays valid (an aborted SCA leaves it): the accounts still show.
  await page.goto("/accounts");
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
  // "Try again" starts the approval again: the bank's login, not the page the flow began on.
  await page.goto(failure);
  await page.getByRole("link", { name: "Try again" }).click();
  await logInAtBank(page, INGRID);
  await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
});

test("three wrong national identity numbers: the failure page, whose Try again is the bank's login again", async ({ page }) => {
  await openAccounts(page);
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await page.waitForURL(onBank);
  for (const wrong of ["01010100000", "01010100001", "01010100002"]) {
    await page.getByLabel("National identity number").fill(wrong);
    await page.getByRole("button", { name: "Log in" }).click();
  }
  await page.waitForURL(/\/callback\/failed/);
  await expect(page.getByText("PSU_CREDENTIALS_INVALID")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/connect?returnTo=%2Faccounts");
  await page.getByRole("link", { name: "Try again" }).click();
  await page.waitForURL(onBank);
  await expect(page.getByRole("alert")).toHaveCount(0);
  // A new login, with every attempt again: the approval goes through, nothing else waits.
  await logInAtBank(page, INGRID);
  await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
});

test("a forged callback (wrong tpp-session-id) is refused and changes nothing", async ({ page }) => {
  await openAccounts(page);
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await page.waitForURL(onBank);
  await page.goto(`/callback?psu-id=0b0e5bde-1f6c-4c55-9b7a-6a3f0f6c9e01&tpp-session-id=forged-session&context=PRIVATE`);
  await expect(page.getByRole("heading", { name: "This return from the bank does not belong to this session" })).toBeVisible();
  await expect(page.getByText("Nothing was changed")).toBeVisible();
  await shoot(page, "10-forged-callback");
  await checkA11y(page, "forged callback refused");
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Connection" })).toContainText("Ingrid Marie Haugen");
});

test("after the sandbox clock moves one hour, a new SCA is asked", async ({ page, demoUser }) => {
  // The clock stays an hour ahead for the rest of the worker's run (fresh data each run): moving it
  // back would leave this SCA "later" than the next ones, which the bank then takes as the latest.
  // The tests after it need only an approval of their own: this one's, kept below, or the fixtures'.
  const calls = page.getByRole("table", { name: "Calls to the bank, newest first" });
  await page.goto("/inspector?path=%2Fv1%2Fconsents");
  const consentsBefore = await calls.locator("tbody tr").count();
  const moved = await bank.post("/v1/sandbox/clock", { advance: "PT1H" });
  expect(moved.status).toBe(200);
  await page.goto("/accounts");
  // The page followed the scaRedirect of the bank's 401: the bank's pages, no new consent made.
  await page.waitForURL((url) => url.origin !== appUrl && url.pathname.startsWith("/sca/"));
  await logInAtBank(page, INGRID);
  await expect(page.getByRole("checkbox", { name: MAIN })).toBeChecked();
  await confirmAccounts(page);
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
  await page.goto("/inspector?path=%2Fv1%2Faccounts&status=4xx");
  await expect(calls.getByText("401").first()).toBeVisible();
  await page.goto("/inspector?path=%2Fv1%2Fconsents");
  await expect(calls.locator("tbody tr")).toHaveCount(consentsBefore);
  // The new approval (Ingrid's three accounts still shared) is the worker's from now on.
  await demoUser.keepConnection(page);
});

test("deselecting an account at the bank revokes it", async ({ page }) => {
  await openAccounts(page);
  const savingsHref = (await page.getByRole("link", { name: SAVINGS }).getAttribute("href")) ?? "";
  expect(savingsHref).toMatch(/^\/accounts\//);
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await logInAtBank(page, INGRID);
  await expect(page.getByRole("checkbox", { name: SAVINGS })).toBeChecked();
  await confirmAccounts(page, { uncheck: [SAVINGS] });
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
  await expect(page.getByRole("link", { name: SAVINGS })).toHaveCount(0);
  await page.goto(savingsHref);
  // The bank's answer as the page shows it: plain words, and each tppMessage with its code.
  const alert = page.getByRole("alert", { name: /^The bank/ });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("cell", { name: /^(RESOURCE_UNKNOWN|CONSENT_UNKNOWN|CONSENT_INVALID|FORBIDDEN)$/ })).toBeVisible();
  await expect(page.getByText(/at [a-z]+\.[a-z]+:\d+/)).toHaveCount(0);
  await shoot(page, "11-revoked-account-error", { phone: true });
  await checkA11y(page, "revoked account error");
});

test("settings: the contact e-mail at the bank and approval in the bank's app", async ({ page }) => {
  await page.goto("/settings");
  await page.getByLabel("Contact e-mail for operational notices").fill("not an address");
  await page.getByRole("button", { name: "Save at the bank" }).click();
  await expect(page.getByText("Write an e-mail address such as operations@example.no.")).toBeVisible();
  await page.getByLabel("Contact e-mail for operational notices").fill("psd2-operations@example.no");
  await page.getByRole("button", { name: "Save at the bank" }).click();
  await expect(page.getByText("Saved: the bank now has psd2-operations@example.no.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Contact e-mail for operational notices")).toHaveValue("psd2-operations@example.no");

  await page.getByRole("radio", { name: "Approve in the bank's mobile app" }).check();
  await page.getByRole("button", { name: "Save choice" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.goto("/settings");
  await expect(page.getByRole("radio", { name: "Approve in the bank's mobile app" })).toBeChecked();
  await shoot(page, "12-settings", { phone: true });
  await checkA11y(page, "settings");

  // The bank now asks for approval in its app instead of the login form.
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await page.waitForURL(onBank);
  await expect(page.getByRole("heading", { name: "Approve in your mobile app" })).toBeVisible();
  await shoot(page, "13-bank-app-approval");
  await page.goto("/settings");
  await page.getByRole("radio", { name: "Log in at the bank in the browser" }).check();
  await page.getByRole("button", { name: "Save choice" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
});

test("the request inspector shows the calls, their signatures and a curl", async ({ page, madeEarlier }) => {
  // Calls to read an account's transactions, made by an earlier test of the worker or now.
  await once(madeEarlier, TRANSACTIONS_READ, () => readMainAccount(page, madeEarlier));
  await page.goto("/inspector");
  const table = page.getByRole("table", { name: "Calls to the bank, newest first" });
  await expect(table.getByRole("link", { name: /^\/v1\/accounts/ }).first()).toBeVisible();
  // At 1280 px the time of a call stays in its column (it may take two lines), never over the method's.
  expect(page.viewportSize()?.width).toBe(1280);
  await expectNothingOverflows(page, "inspector");
  // At a phone's width a call's path and query wrap, so that calls to one account tell apart (balances, transactions).
  await expectNoTableTextCutOnPhone(page, "inspector");
  await shoot(page, "17-inspector", { phone: true });
  await checkA11y(page, "inspector");
  await page.getByLabel("Path contains").fill("/transactions");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/path=%2Ftransactions/);
  const links = table.getByRole("link");
  await expect(links.first()).toBeVisible();
  for (const text of await links.allTextContents()) expect(text).toContain("/transactions");
  await links.first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^GET \/v1\/accounts\/.+\/transactions$/ })).toBeVisible();
  await expect(page.getByLabel("Signing string")).toContainText("digest: SHA-256=");
  await expect(page.getByLabel("Signing string")).toContainText("x-request-id: ");
  const signature = page.locator("dl[aria-label='Signature header']");
  await expect(signature).toContainText("SN (serial number)");
  await expect(signature).toContainText("CN=Fjordbanken Sandbox QTSP CA");
  await expect(signature).toContainText("PSP_AI");
  await expect(page.getByLabel("curl command")).toContainText("curl --request GET");
  const text = (await page.locator("main").textContent()) ?? "";
  for (const secret of ["PRIVATE KEY", "tpp_psu", "next-auth.session-token", "Cookie:"]) expect(text).not.toContain(secret);
  await shoot(page, "18-inspector-call");
  await checkA11y(page, "inspector call");

  await page.goto("/inspector/999999999");
  await expect(page.getByRole("heading", { level: 1, name: "No such call to the bank" })).toBeVisible();
  await expect(page.getByText(/The request inspector keeps each call for 30 days from when it was made, then deletes it/)).toBeVisible();
  await shoot(page, "19-not-found");
  await checkA11y(page, "not found");
});

test("corporate customer 18129215603 with an agreement", async ({ page }) => {
  await page.goto("/corporate");
  await page.getByRole("link", { name: "Log in as another customer" }).click();
  await logInAtBank(page, SINDRE);
  await expect(page.getByRole("heading", { name: "Who are you acting for?" })).toBeVisible();
  await page.getByRole("radio", { name: "Corporate" }).check();
  await page.getByLabel("Agreement").selectOption({ label: "Lie Snekkeri AS (org. no. 926 148 338)" });
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmAccounts(page, { check: [/^Driftskonto/] });
  await page.waitForURL(`${appUrl}/corporate`);
  const agreements = page.getByRole("list", { name: "Company agreements" });
  await expect(agreements).toContainText("Lie Snekkeri AS");
  await expect(agreements).toContainText("Org. no. 926 148 338");
  await expect(agreements.getByText("Active")).toBeVisible();
  await expect(page.getByRole("region", { name: "Acting as" })).toContainText("Corporate");
  await shoot(page, "14-corporate", { phone: true });
  await checkA11y(page, "corporate");

  await page.goto("/accounts");
  await expect(page.getByRole("link", { name: /^Driftskonto 3800 \d\d \d{5}, / })).toBeVisible();
  await expect(page.getByRole("link", { name: MAIN })).toHaveCount(0);
  await shoot(page, "15-corporate-accounts");

  // The identification for payment initiation only: one SCA, no accounts chosen.
  await page.goto("/corporate");
  await page.getByRole("link", { name: "Identify at the bank" }).click();
  await logInAtBank(page, SINDRE);
  await expect(page.getByRole("heading", { name: "Who are you acting for?" })).toBeVisible();
  await page.getByRole("radio", { name: "Corporate" }).check();
  await page.getByLabel("Agreement").selectOption({ label: "Lie Snekkeri AS (org. no. 926 148 338)" });
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${appUrl}/corporate?identified=1`);
  await expect(page.getByRole("region", { name: "Identification for payments only" })).toContainText("Sindre Lie");
  await shoot(page, "16-identified");
  await checkA11y(page, "corporate, identified");
});

test.describe(() => {
  // Signed out: the test's other browser is a sign-in of its own, with no PSU session (the contexts
  // a test opens take the test's storage state otherwise).
  test.use({ demoUserSession: "signed out" });

  test("without a valid approval, the corporate page offers the connected customer or another, instead of going to the bank", async ({
    browser,
    demoUser,
  }) => {
    // The demo user connected to Sindre (by the test before, or now in a context of its own).
    await ensureSindreConnected(browser, demoUser);
    // Another browser: the same user, connected to Sindre, with no approval at the bank in this session.
    const other = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
    const otherPage = await other.newPage();
    await signIn(otherPage);
    await otherPage.goto("/corporate");
    expect(new URL(otherPage.url()).pathname).toBe("/corporate");
    const agreements = otherPage.getByRole("region", { name: "Agreements" });
    await expect(agreements).toContainText("Log in at the bank again");
    await expect(agreements.getByRole("link", { name: "Log in as another customer" })).toHaveAttribute("href", /newPsu=1/);
    await shoot(otherPage, "14b-corporate-approval-ended", { phone: true });
    await expectNoSeriousA11yViolations(otherPage, "corporate, approval ended");
    await agreements.getByRole("link", { name: "Log in again as the connected customer" }).click();
    await logInAtBank(otherPage, SINDRE);
    await expect(otherPage.getByRole("heading", { name: "Who are you acting for?" })).toBeVisible();
    await other.close();
  });
});
