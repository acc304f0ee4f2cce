/**
 * The sandbox control room (/sandbox) end to end in Chromium, against npm run demo's servers:
 * every action and scenario preset through the page, each checked against the bank's state
 * (through the page, or the signed client of e2e/support), each form's rule shown as the user
 * types and the bank's refusal on its field; screenshots at desktop and phone width (no sideways
 * scroll) and axe on the way; and, on a second app server in production mode, no such page.
 *
 * Each test opens a page of its own (e2e/support/fixtures.ts) and may run in any worker, alone or
 * in any order; each puts back what would trouble the next one in its worker:
 * - most start from the worker's sign-in of the demo user; "Short of funds" from the worker's
 *   connection as Ingrid (with the clock stopped while it runs), and puts her Brukskonto's booked
 *   balance back as it found it; "connect the bank" and "Session expiry" forget any connection and
 *   connect Ingrid anew (Session expiry needs an SCA made at the sandbox time it moves on from),
 *   which the next "connected" test of the worker replaces;
 * - every test ends with the sandbox clock back at the real time, running, whatever it did to it
 *   (an SCA made an hour ahead, by "Session expiry", then holds an hour longer);
 * - the customer made by hand that the Initialise tests need is the one the data test made in the
 *   same worker, or one made then through the signed client (`once`); Initialise and "Fresh start"
 *   discard it with every consent, SCA session, payment and basket of the worker's bank, and the
 *   worker's next "connected" test connects Ingrid again.
 *
 * @see docs/sandbox-bank.md#sandbox-operations, docs/sandbox-bank.md#the-sandbox-clock-and-batch-runs; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import type { Page } from "@playwright/test";
import { listNextBatchRuns } from "../lib/tpp/sandbox/next-batch-runs";
import { zonedDateTimeToIso } from "../lib/tpp/sandbox/zoned-time";
import { appendMod11CheckDigit } from "../lib/psd2/validation";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import {
  act,
  bank,
  createCustomer,
  readClock,
  readCustomers,
  resetClock,
  secondsBetween,
  setBookedBalance,
  startProductionApp,
} from "./support/sandbox-control-room";
import { appUrl, confirmAccounts, DESKTOP, INGRID, logInAtBank, MAIN, PHONE, SAVINGS, shoot } from "./support/tpp-app";
import { captureScreenshot } from "./support/capture-screenshot";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the control room's clock, data and presets");

// Any test to any worker: each starts from the worker's sign-in or connection (e2e/support/fixtures.ts).
test.describe.configure({ mode: "parallel" });
// The demo user signed in (the worker's sign-in); the scenarios on Ingrid's accounts ask for the connection.
test.use({ demoUserSession: "signed in" });

test.afterEach(async () => {
  // Whatever the test did to the clock, it runs at the real time for whoever comes next.
  await resetClock();
});

/** The name of the corporate customer made by hand. */
const CUSTOMER_NAME = "Fjordhytter E2E";
/** The name under which the customer made by hand is kept for the later tests of the worker (the Initialise tests). */
const HAND_MADE = "tpp-sandbox: a customer made by hand";

type HandMade = { customerId: string; customerName: string };

/** A customer made by hand at the bank: the data test's of this worker, or one made now through the signed client. */
function handMadeCustomer(made: MadeEarlier): Promise<HandMade> {
  return once(made, HAND_MADE, async () => {
    const customer = await createCustomer(CUSTOMER_NAME, "CORPORATE");
    return { customerId: customer.customerId, customerName: customer.customerName };
  });
}

const form = (page: Page, name: string) => page.getByRole("form", { name, exact: true });
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function openControlRoom(page: Page): Promise<void> {
  await page.goto("/sandbox");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox control room" })).toBeVisible();
}

/** A valid organisation number (MOD11) for the customer number of this run. */
function organisationNumber(customerNumber: string): string {
  for (let seed = Number(customerNumber.slice(-8)); ; seed += 1) {
    const candidate = appendMod11CheckDigit(String(seed).padStart(8, "9").slice(-8));
    if (!candidate.endsWith("-") && candidate.length === 9) return candidate;
  }
}

/** Forgets any bank connection of the demo user (whatever ran before), then connects Ingrid's Brukskonto and Sparekonto anew. */
async function connectAnew(page: Page): Promise<void> {
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await page.waitForURL(/saved=forgotten/);
  }
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Connect your bank" }).click();
  await logInAtBank(page, INGRID);
  await confirmAccounts(page, { check: [MAIN, SAVINGS] });
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
}

/** The available balance of Ingrid's Brukskonto as /accounts shows it, in kroner. */
async function availableOnMain(page: Page): Promise<number> {
  await page.goto("/accounts");
  const text = (await page.getByRole("link", { name: MAIN }).textContent()) ?? "";
  const available = /Available\D*?([−-]?[\d\s\u00a0\u202f]+,\d{2})\s*kr/.exec(text)?.[1];
  // Not shown: no number (every comparison fails).
  if (available === undefined) return Number.NaN;
  return Number(
    available
      .replace(/[\s\u00a0\u202f]/g, "")
      .replace("−", "-")
      .replace(",", "."),
  );
}

test("the control room: the Sandbox link, its sections, no serious accessibility violation", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByRole("link", { name: "Sandbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox control room" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sandbox" })).toHaveAttribute("aria-current", "page");
  for (const name of ["Clock", "Batch runs", "Scenarios", "Data", "Initialise"]) await expect(section(page, name)).toBeVisible();
  // The customers come from GET /v1/sandbox/customers, the four of the known state among them.
  const customers = page.getByRole("region", { name: "Sandbox customers" });
  for (const number of [INGRID, "12085592767", "18129215603", "20079518612"])
    await expect(customers.getByText(number, { exact: true })).toBeVisible();
  await shoot(page, "sandbox-01-control-room", { phone: true });
  // At a phone's width the customers fit their box: nothing hidden to the side.
  await page.setViewportSize(PHONE);
  expect(await customers.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page, "sandbox control room");
});

test("the clock: +1 hour, +1 day, to the next batch run, freeze, set (a rule as typed), release", async ({ page }) => {
  await openControlRoom(page);
  const moves = form(page, "Move the clock");

  let before = await readClock();
  await act(page, moves, moves.getByRole("button", { name: "+1 hour" }));
  let after = await readClock();
  expect(secondsBetween(before, after)).toBeGreaterThanOrEqual(3599);
  expect(secondsBetween(before, after)).toBeLessThanOrEqual(3601);
  await expect(moves.getByRole("status")).toContainText("The sandbox clock is at");
  await expect(moves.getByRole("list", { name: "The bank's replies" })).toContainText("200 OK");
  await expect(moves.getByRole("list", { name: "The bank's replies" })).toContainText("POST /v1/sandbox/clock");

  before = after;
  await act(page, moves, moves.getByRole("button", { name: "+1 day" }));
  after = await readClock();
  expect(Math.round(secondsBetween(before, after))).toBeGreaterThanOrEqual(86_399);
  expect(Math.round(secondsBetween(before, after))).toBeLessThanOrEqual(86_401);
  await expect(section(page, "Clock")).toContainText("ahead");

  const next = after.batchSchedule.nextScheduledRun;
  await act(page, moves, moves.getByRole("button", { name: /^To the next batch run/ }));
  after = await readClock();
  expect(Date.parse(after.now)).toBeGreaterThanOrEqual(Date.parse(next));
  expect(Date.parse(after.now) - Date.parse(next)).toBeLessThan(60_000);
  // The move ran that batch run: the reply lists it.
  await expect(moves.getByRole("list", { name: "The bank's replies" })).toContainText(`"runAt": "${next}"`);

  await act(page, moves, moves.getByRole("button", { name: "Freeze" }));
  expect((await readClock()).frozen).toBe(true);
  await expect(section(page, "Clock").getByText("Frozen", { exact: true })).toBeVisible();

  // Set: a rule of lib/psd2's clock schema as the user types, then a time two days on, standing still.
  const set = form(page, "Set the clock");
  const when = set.getByLabel("Sandbox time (Oslo)");
  await when.fill("1999-12-31T10:00");
  await expect(set.getByText("Sandbox time (Oslo) must lie in the years 2000 to 2099")).toBeVisible();
  await expect(when).toHaveAttribute("aria-invalid", "true");
  const today = (await readClock()).today;
  const target = `${new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10)}T05:30`;
  await when.fill(target);
  await expect(set.getByText("Sandbox time (Oslo) must lie")).toHaveCount(0);
  await set.getByRole("radio", { name: "Stand still" }).check();
  await act(page, set, set.getByRole("button", { name: "Set the clock" }));
  after = await readClock();
  expect(after.frozen).toBe(true);
  expect(after.now).toBe(new Date(zonedDateTimeToIso(target, "Europe/Oslo") ?? "").toISOString());
  await expect(set.getByRole("status")).toContainText("frozen");

  await act(page, moves, moves.getByRole("button", { name: "Let it run" }));
  expect((await readClock()).frozen).toBe(false);
  await shoot(page, "sandbox-02-clock", { phone: true });
});

test("batch runs: the next five times of the schedule, and a run now linked to the inspector", async ({ page }) => {
  await openControlRoom(page);
  const clock = await readClock();
  const expected = listNextBatchRuns(clock.batchSchedule, new Date(clock.now)).map((run) => run.toISOString());
  expect(expected).toHaveLength(5);
  const runs = page.getByRole("list", { name: "The next five batch runs" }).locator("time");
  await expect(runs).toHaveCount(5);
  expect(await runs.evaluateAll((times) => times.map((time) => time.getAttribute("datetime")))).toEqual(expected);

  const batch = form(page, "Run the payment batch");
  await act(page, batch, batch.getByRole("button", { name: "Run the batch now" }));
  await expect(batch.getByRole("status")).toContainText(
    /^At \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Oslo\) the bank ran \d+ batch runs?( \(\d+ failed\))?: (no payment was due|\d+ payments? processed, \d+ settled, \d+ rejected)\./,
  );
  const replies = batch.getByRole("list", { name: "The bank's replies" });
  await expect(replies).toContainText("POST /v1/sandbox/batch-runs");
  await expect(replies).toContainText('"trigger": "demand"');
  const requestId = replies.getByRole("link").first();
  const id = (await requestId.textContent()) ?? "";
  await expect(requestId).toHaveAttribute("href", `/inspector?text=${encodeURIComponent(id)}`);
  await requestId.click();
  await expect(page.getByRole("heading", { level: 1, name: "Request inspector" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Calls to the bank, newest first" })).toContainText("/v1/sandbox/batch-runs");
});

test("data: a customer, an account, a card account, an agreement, transactions and balances, each refusal on its field", async ({
  page,
  madeEarlier,
}) => {
  await openControlRoom(page);
  const made = {
    customerNumber: `0${String(Date.now()).slice(-10)}`,
    customerName: CUSTOMER_NAME,
    customerId: "",
    accountId: "",
    cardAccountId: "",
  };

  // A customer: the number's rule as typed, then made; 409 on its field the second time.
  const customer = form(page, "New customer");
  await customer.getByLabel("Customer number").fill("12345");
  await expect(customer.getByText("Customer number must be 11 digits")).toBeVisible();
  await customer.getByLabel("Customer number").fill(made.customerNumber);
  await customer.getByLabel("Name", { exact: true }).fill(made.customerName);
  await customer.getByRole("radio", { name: "Corporate" }).check();
  await act(page, customer, customer.getByRole("button", { name: "Create customer" }));
  await expect(customer.getByRole("status")).toContainText(`Customer ${made.customerName} (${made.customerNumber}, corporate) made`);
  await expect(customer.getByRole("list", { name: "The bank's replies" })).toContainText("201 Created");
  const found = (await readCustomers()).find((candidate) => candidate.customerNumber === made.customerNumber);
  expect(found).toMatchObject({ customerName: made.customerName, customerType: "CORPORATE", accounts: [] });
  made.customerId = found?.customerId ?? "";
  // The Initialise tests of this worker take it (handMadeCustomer).
  keep(madeEarlier, HAND_MADE, { customerId: made.customerId, customerName: made.customerName });
  await expect(page.getByRole("region", { name: "Sandbox customers" })).toContainText(made.customerName);
  await act(page, customer, customer.getByRole("button", { name: "Create customer" }));
  await expect(customer.getByText(`Customer number ${made.customerNumber} belongs to another sandbox customer`)).toBeVisible();
  await expect(customer.getByRole("alert").filter({ hasText: "HTTP status 409" })).toBeVisible();

  // An account of it, with an opening balance typed with a comma.
  const account = form(page, "New account");
  await account.getByLabel("Customer").selectOption(made.customerId);
  await account.getByLabel("Account name").fill("Driftskonto");
  await account.getByLabel("Opening balance").fill("1 500,5");
  await expect(account.getByText(/^Opening balance .*fraction digit/)).toBeVisible();
  await account.getByLabel("Opening balance").fill("1 500,50");
  await act(page, account, account.getByRole("button", { name: "Create account" }));
  await expect(account.getByRole("status")).toContainText("Account Driftskonto made: BBAN");
  made.accountId = (await readCustomers()).find((candidate) => candidate.customerId === made.customerId)?.accounts[0] ?? "";
  expect(made.accountId).not.toBe("");

  // A card account: the limit needs the currency's decimals.
  const card = form(page, "New card account");
  await card.getByLabel("Customer").selectOption(made.customerId);
  await card.getByLabel("Card account name").fill("Firmakort");
  await card.getByLabel("Credit limit").fill("20000");
  await expect(card.getByText(/^Credit limit .*fraction digit/)).toBeVisible();
  await card.getByLabel("Credit limit").fill("20 000,00");
  await act(page, card, card.getByRole("button", { name: "Create card account" }));
  await expect(card.getByRole("status")).toContainText("Card account Firmakort made");
  made.cardAccountId = (await readCustomers()).find((candidate) => candidate.customerId === made.customerId)?.cardAccounts[0] ?? "";
  expect(made.cardAccountId).not.toBe("");

  // An agreement: the organisation number's MOD11 as typed; its account ticked from the list.
  const agreement = form(page, "New agreement");
  await agreement.getByLabel("Corporate customer").selectOption(made.customerId);
  await agreement.getByLabel("Company name").fill("Fjordhytter AS");
  const organisation = organisationNumber(made.customerNumber);
  const wrong = `${organisation.slice(0, 8)}${(Number(organisation[8]) + 1) % 10}`;
  await agreement.getByLabel("Organisation number").fill(wrong);
  await expect(agreement.getByText("Organisation number must be a Norwegian organisation number")).toBeVisible();
  await agreement.getByLabel("Organisation number").fill(organisation);
  await agreement.getByRole("checkbox", { name: `Account 1 · ${made.accountId}` }).check();
  await act(page, agreement, agreement.getByRole("button", { name: "Create agreement" }));
  await expect(agreement.getByRole("status")).toContainText(`Agreement Fjordhytter AS (${organisation}) made over 1 account`);
  expect((await readCustomers()).find((candidate) => candidate.customerId === made.customerId)?.agreements).toEqual([
    expect.objectContaining({ name: "Fjordhytter AS", engagements: [made.accountId] }),
  ]);

  // An account transaction: the bank refuses another sandbox account as debtor, on that field.
  const transaction = form(page, "Add an account transaction");
  await transaction.getByLabel("Account", { exact: true }).selectOption(made.accountId);
  await transaction.getByLabel("Amount").fill("-349,90");
  await transaction.getByLabel("Creditor's name").fill("REMA 1000");
  await transaction.getByLabel("Debtor's account").fill("3800 15 74202");
  await act(page, transaction, transaction.getByRole("button", { name: "Add transaction" }));
  await expect(transaction.getByText("Debtor's account is the sandbox account 38001574202")).toBeVisible();
  await expect(transaction.getByLabel("Debtor's account")).toHaveAttribute("aria-invalid", "true");
  await expect(transaction.getByRole("alert").filter({ hasText: "HTTP status 400" })).toContainText("[0].debtorAccount");
  await transaction.getByLabel("Debtor's account").fill("");
  await act(page, transaction, transaction.getByRole("button", { name: "Add transaction" }));
  await expect(transaction.getByRole("status")).toContainText("1 transaction added; the account's booked balance is NOK 1150.60");

  // A card transaction in euro, booked: the bank's card listing has it.
  const cardTransaction = form(page, "Add a card transaction");
  await cardTransaction.getByLabel("Card account").selectOption(made.cardAccountId);
  await cardTransaction.getByLabel("Amount", { exact: true }).fill("-580,25");
  await cardTransaction.getByLabel("Amount the merchant charged").fill("-49,90");
  await cardTransaction.getByLabel("Merchant category code").fill("58");
  await expect(cardTransaction.getByText("Merchant category code must be an ISO 18245 merchant category code of 4 digits")).toBeVisible();
  await cardTransaction.getByLabel("Merchant category code").fill("5812");
  await cardTransaction.getByLabel("Merchant", { exact: true }).fill("TRATTORIA ROMA");
  await act(page, cardTransaction, cardTransaction.getByRole("button", { name: "Add card transaction" }));
  await expect(cardTransaction.getByRole("status")).toContainText("1 card transaction added");
  const listed = await bank.get(`/v1/sandbox/card-accounts/${made.cardAccountId}/transactions?bookingStatus=both`);
  expect(JSON.stringify(listed.body)).toContain("TRATTORIA ROMA");

  // A balance: the bank's currency rule on the amount's field, then NOK 2 500.00.
  const balance = form(page, "Set a balance");
  await balance.getByLabel("Account or card account").selectOption(`account:${made.accountId}`);
  await balance.getByLabel("Booked balance").fill("2500.00");
  await balance.getByLabel("Currency").selectOption("EUR");
  await act(page, balance, balance.getByRole("button", { name: "Set balance" }));
  await expect(balance.getByText("Currency is EUR, but the account's currency is NOK", { exact: true })).toBeVisible();
  await balance.getByLabel("Currency").selectOption("NOK");
  await act(page, balance, balance.getByRole("button", { name: "Set balance" }));
  await expect(balance.getByRole("status")).toContainText(`The booked balance of account ${made.accountId} is NOK 2500.00`);
  await expect(balance.getByRole("list", { name: "The bank's replies" })).toContainText(
    `PUT /v1/sandbox/accounts/${made.accountId}/balances`,
  );
  await captureScreenshot(section(page, "Data"), { path: test.info().outputPath("sandbox-03-data-section.png") });
  await shoot(page, "sandbox-03-data", { phone: true });
  await expectNoSeriousA11yViolations(page, "sandbox control room with replies and refusals");
});

test("connect the bank as Ingrid: the accounts the scenarios work on", async ({ page }) => {
  // Start from no connection, whatever ran before.
  await connectAnew(page);
});

test.describe("on the worker's connection as Ingrid", () => {
  // The clock stopped while it runs: no batch run books a payment between the two readings of the balance.
  test.use({ demoUserSession: "connected", frozenClock: true });

  test("scenario “Short of funds”: Ingrid's Brukskonto, named, at NOK 10.00", async ({ page }) => {
    const availableBefore = await availableOnMain(page);
    const mainId = ((await page.getByRole("link", { name: MAIN }).getAttribute("href")) ?? "").split("/").pop() ?? "";
    expect(mainId).not.toBe("");
    await openControlRoom(page);
    const scenario = form(page, "Short of funds");
    await act(page, scenario, scenario.getByRole("button", { name: "Set up “Short of funds”" }));
    await expect(scenario.getByRole("status")).toContainText(
      "Brukskonto 38001574202 (one of the accounts you share with this app) now has a booked balance of NOK 10.00",
    );
    await expect(scenario.getByRole("list", { name: "The bank's replies" })).toContainText(`PUT /v1/sandbox/accounts/${mainId}/balances`);
    // Through the app: the available balance (booked less pending debits) is at most 10 kr now.
    const availableAfter = await availableOnMain(page);
    expect(availableAfter).toBeLessThanOrEqual(10);
    // Back as it was: the booked balance moved by what the available one did (the pending debits stayed).
    const bookedBefore = Math.round((10 + availableBefore - availableAfter) * 100);
    await setBookedBalance(
      mainId,
      `${bookedBefore < 0 ? "-" : ""}${Math.floor(Math.abs(bookedBefore) / 100)}.${String(Math.abs(bookedBefore) % 100).padStart(2, "0")}`,
    );
    expect(await availableOnMain(page)).toBe(availableBefore);
  });
});

test("scenario “Session expiry”: an hour on, the next call needs a new login at the bank", async ({ page }) => {
  // An SCA made now, which has run out an hour on (the worker's connection may hold a later one).
  await connectAnew(page);
  await openControlRoom(page);
  const before = await readClock();
  const scenario = form(page, "Session expiry");
  await act(page, scenario, scenario.getByRole("button", { name: "Set up “Session expiry”" }));
  await expect(scenario.getByRole("status")).toContainText("The sandbox clock is one hour ahead");
  const after = await readClock();
  expect(Math.round(secondsBetween(before, after))).toBeGreaterThanOrEqual(3599);
  expect(Math.round(secondsBetween(before, after))).toBeLessThanOrEqual(3601);
  await page.goto("/accounts");
  await page.waitForURL((url) => url.origin !== appUrl && url.pathname.startsWith("/sca/"));
  await logInAtBank(page, INGRID);
  await confirmAccounts(page);
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
});

test("scenario “End of day”: the clock at the next batch run, which ran, and a run after it", async ({ page }) => {
  await openControlRoom(page);
  const next = (await readClock()).batchSchedule.nextScheduledRun;
  const scenario = form(page, "End of day");
  await act(page, scenario, scenario.getByRole("button", { name: "Set up “End of day”" }));
  await expect(scenario.getByRole("status")).toContainText("The sandbox clock moved to the batch run of");
  const replies = scenario.getByRole("list", { name: "The bank's replies" });
  // The move ran the run it reached (and any the bank's timer had not run yet).
  await expect(scenario.getByRole("status")).toContainText(/which ran \d+ batch runs?/);
  await expect(replies).toContainText(`"runAt": "${next}"`);
  await expect(replies.getByRole("listitem")).toHaveCount(3);
  await expect(replies).toContainText("GET /v1/sandbox/clock");
  await expect(replies).toContainText("POST /v1/sandbox/batch-runs");
  const now = Date.parse((await readClock()).now);
  expect(now).toBeGreaterThanOrEqual(Date.parse(next));
  expect(now - Date.parse(next)).toBeLessThan(60_000);
  await captureScreenshot(section(page, "Scenarios"), { path: test.info().outputPath("sandbox-04-scenarios-section.png") });
  await shoot(page, "sandbox-04-scenarios", { phone: true });
});

test("Initialise without JavaScript: the box must be ticked, and nothing is lost until it is", async ({
  browser,
  demoUser,
  madeEarlier,
}) => {
  const made = await handMadeCustomer(madeEarlier);
  const plain = await browser.newContext({
    baseURL: appUrl,
    viewport: DESKTOP,
    javaScriptEnabled: false,
    storageState: await demoUser.storageState("signed in"),
  });
  try {
    const noScript = await plain.newPage();
    await noScript.goto("/sandbox");
    const initialise = noScript.getByRole("form", { name: "Initialise the sandbox" });
    await initialise.getByRole("button", { name: "Initialise the sandbox" }).click();
    await expect(noScript.getByText("Tick the box to confirm that you understand what initialising discards")).toBeVisible();
    expect((await readCustomers()).some((candidate) => candidate.customerId === made.customerId)).toBe(true);
    await captureScreenshot(noScript.getByRole("region", { name: "Initialise" }), {
      path: test.info().outputPath("sandbox-05-initialise-without-javascript.png"),
    });
  } finally {
    await plain.close();
  }
});

test("Initialise: the confirmation names what is lost; then the known state again", async ({ page, madeEarlier }) => {
  const made = await handMadeCustomer(madeEarlier);
  await openControlRoom(page);
  const initialise = form(page, "Initialise the sandbox");
  for (const lost of [
    "customers made by hand",
    "consents, SCA sessions and authorisations",
    "the bank's browser sessions",
    "the counters of calls without the PSU",
  ]) {
    await expect(section(page, "Initialise")).toContainText(lost);
  }
  for (const kept of ["registered TPPs", "the bank's keys", "the sandbox clock", "the psu-ids of the initial customers"])
    await expect(section(page, "Initialise")).toContainText(kept);
  // Not ticked: refused in the browser, no call.
  await initialise.getByRole("button", { name: "Initialise the sandbox" }).click();
  await expect(initialise.getByText("Tick the box to confirm that you understand what initialising discards")).toBeVisible();
  await initialise.getByRole("checkbox", { name: /I understand/ }).check();
  await act(page, initialise, initialise.getByRole("button", { name: "Initialise the sandbox" }));
  // The customer made by hand is gone: a later test of the worker makes another.
  madeEarlier.delete(HAND_MADE);
  await expect(initialise.getByRole("status")).toContainText(
    /The sandbox is initialised for \d{4}-\d{2}-\d{2}: 4 customers, 8 accounts, 2 card accounts, 2 agreements/,
  );
  const customers = await readCustomers();
  expect(customers.map((candidate) => candidate.customerNumber).sort()).toEqual(
    ["12085592767", INGRID, "18129215603", "20079518612"].sort(),
  );
  await expect(page.getByRole("region", { name: "Sandbox customers" })).not.toContainText(made.customerName);
  await shoot(page, "sandbox-05-initialised", { phone: true });
});

test("scenario “Fresh start”, then the clock back at the real time", async ({ page, madeEarlier }) => {
  await openControlRoom(page);
  const scenario = form(page, "Fresh start");
  await act(page, scenario, scenario.getByRole("button", { name: "Set up “Fresh start”" }));
  madeEarlier.delete(HAND_MADE);
  await expect(scenario.getByRole("status")).toContainText(/^The sandbox is initialised for \d{4}-\d{2}-\d{2}: 4 customers/);
  expect(await readCustomers()).toHaveLength(4);
  // Nothing holds an SCA any more: the clock may go back now.
  const moves = form(page, "Move the clock");
  await act(page, moves, moves.getByRole("button", { name: "Back to the real time" }));
  const clock = await readClock();
  expect(clock.frozen).toBe(false);
  expect(Math.abs(clock.offsetSeconds)).toBeLessThanOrEqual(2);
  await expect(section(page, "Clock")).toContainText("none (the real time)");
});

test("in production the page is absent: /sandbox is a 404 and the navigation has no Sandbox link", async ({ browser }) => {
  const production = await startProductionApp();
  const other = await browser.newContext({ baseURL: production.url, viewport: DESKTOP });
  try {
    const prod = await other.newPage();
    await prod.goto("/signin");
    await expect(prod.getByRole("note", { name: "Environment" })).toContainText("Production");
    await prod.getByLabel("User name").fill(production.username);
    await prod.getByLabel("Password").fill(production.password);
    await prod.getByRole("button", { name: "Sign in" }).click();
    await prod.waitForURL((url) => !url.pathname.startsWith("/signin"));
    const nav = prod.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sandbox" })).toHaveCount(0);
    const response = await prod.goto("/sandbox");
    expect(response?.status(), production.output()).toBe(404);
    await expect(prod.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(prod.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Sandbox" })).toHaveCount(0);
    await prod.setViewportSize(PHONE);
    await expect(prod.getByRole("navigation", { name: "Main (compact)" }).getByRole("link", { name: "Sandbox" })).toHaveCount(0);
    await prod.setViewportSize(DESKTOP);
    await shoot(prod, "sandbox-06-production-404", { phone: true });
  } finally {
    await other.close();
    await production.close();
  }
});
