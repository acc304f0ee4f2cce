/**
 * The presenter view (/presenter) end to end in Chromium, against npm run demo's servers: the
 * demo's story from start to end as a presenter clicks through it. Each step's button opens its
 * page or does the step (connect a bank, read accounts, pay a bill with its KID, three payments
 * kept and ticked then signed together, the end of day's batch run, the payment rejected for lack
 * of funds), the step is marked Done from the app's own records, the next one is marked Next, and
 * "The flow just done" draws the latest flow after each. Every page is kept as a screenshot at
 * desktop and phone width and checked with axe.
 *
 * Each test stands alone on a page of its own (e2e/support/fixtures.ts: the worker's sign-in, and
 * the sandbox clock stopped while it runs, so that no scheduled batch run settles a payment
 * between two steps). The Done marks count from the latest connection made with step 1, so a step
 * needs what the steps before it made since then: Ingrid connected from the presenter view (from
 * no connection, forgotten first, as a presenter starting afresh; Brukskonto, Sparekonto and the
 * card shared), her accounts read, the KID bill paid, the three payments signed together, the
 * end of day run. The test that makes one keeps it (the connection as the browser's cookies, its
 * PSU session; the basket's page and its payment short of funds) for the later tests of its
 * worker, which otherwise make it themselves (run alone, or in another worker); forgetting the
 * connection forgets them all. "Run the end of day" moves the sandbox clock forward to the bank's next batch
 * run; the test that runs it puts the clock back to the real time (through the control room, so
 * that the app reads it again) before it ends. The demo user is left connected as Ingrid, her KID
 * bill paid at that batch run, and the story's basket RJCT with two of its payments paid.
 *
 * @see docs/tpp-app.md#the-pages (/presenter); docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
import type { Cookie, Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import { bankAmount, decideAtBank, kr, passBankLogin, paymentStatus, statusText } from "./support/payments";
import { act } from "./support/sandbox-control-room";
import { appUrl, CARD, confirmAccounts, INGRID, MAIN, onBank, SAVINGS, shoot } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox clock, batch runs, the control room and the known customers");

// Each test on a page of its own, in any worker: the demo user signed in, the sandbox clock stopped (e2e/support/fixtures.ts).
test.describe.configure({ mode: "parallel" });
test.use({ demoUserSession: "signed in", frozenClock: true });

/** The demo user connected as Ingrid from the presenter view (step 1) by a test: that browser's cookies (its PSU session). */
type StoryConnection = { cookies: Cookie[] };
/** The story's basket, once signed: its page, and its payment short of funds. */
type StoryBasket = { basketPath: string; short: { name: string; amount: string } };

/** The names under which a test keeps what the story made for the later tests of its worker (made again by them when run alone). */
const CONNECTED = "tpp-presenter: Ingrid connected from the presenter view";
const ACCOUNTS_READ = "tpp-presenter: Ingrid's accounts read";
const BILL_PAID = "tpp-presenter: the KID bill paid";
const BASKET_SIGNED = "tpp-presenter: three payments signed together";
const END_OF_DAY_RUN = "tpp-presenter: the end of day run on the story's basket";
const STORY = [CONNECTED, ACCOUNTS_READ, BILL_PAID, BASKET_SIGNED, END_OF_DAY_RUN] as const;

/** The basket's payment that asks more than its account holds. */
const SHORT = "Nordvik Bil AS";

const a11y = (page: Page, name: string) => expectNoSeriousA11yViolations(page, name);

const STEPS = [
  "Connect a bank",
  "Read accounts",
  "Pay a bill with KID",
  "Sign three payments together",
  "End of day",
  "One rejected for lack of funds",
  "Read while the customer is away",
] as const;
type StepTitle = (typeof STEPS)[number];

/** A step of the story, by its title. */
function step(page: Page, title: StepTitle): Locator {
  const number = STEPS.indexOf(title) + 1;
  return page
    .getByRole("list", { name: "The story" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: `Step ${number}: ${title}`, exact: true }) });
}
const done = (page: Page, title: StepTitle) => step(page, title).getByText("Done", { exact: true });

/**
 * The presenter view: the steps given marked Done (and those in `notDone` not), and the first step
 * not Done (reading accounts aside) marked Next, none once all are. The steps the test's story did
 * (itself, or by the tests before it in its worker) since its connection are checked.
 */
async function openPresenter(page: Page, expected: { done: StepTitle[]; notDone?: StepTitle[] }): Promise<void> {
  await page.goto("/presenter");
  await expect(page.getByRole("heading", { level: 1, name: "Presenter view" })).toBeVisible();
  await expect(page.getByRole("list", { name: "The story" }).getByRole("listitem")).toHaveCount(STEPS.length);
  for (const title of expected.done) await expect(done(page, title), `${title} is Done`).toBeVisible();
  for (const title of expected.notDone ?? []) await expect(done(page, title), `${title} is not Done`).toHaveCount(0);
  // Reading accounts leaves no record to judge by: it is never marked Done.
  await expect(done(page, "Read accounts")).toHaveCount(0);
  let first: StepTitle | undefined;
  for (const title of STEPS) {
    if (title !== "Read accounts" && (await done(page, title).count()) === 0) {
      first = title;
      break;
    }
  }
  const current = page.getByRole("list", { name: "The story" }).locator(':scope > li[aria-current="step"]');
  if (first === undefined) {
    await expect(current).toHaveCount(0);
    await expect(page.getByText("Next", { exact: true })).toHaveCount(0);
  } else {
    await expect(current).toHaveCount(1);
    await expect(step(page, first)).toHaveAttribute("aria-current", "step");
    await expect(step(page, first).getByText("Next", { exact: true })).toBeVisible();
  }
}

/** "The flow just done": the latest flow's kind, its outcome and its diagram, and a link to its page. */
async function expectLatestFlow(
  page: Page,
  kind: "Consent" | "Payment" | "Signing basket" | "Read without the PSU",
  outcome: "Completed",
): Promise<void> {
  const panel = page.getByRole("region", { name: "The flow just done" });
  await expect(panel).toContainText(`${kind} flow, the browser, this app and the bank, arrow by arrow.`);
  await expect(panel.getByText(outcome, { exact: true })).toBeVisible();
  await expect(
    panel.getByRole("img", { name: `Sequence diagram of a ${kind.charAt(0).toLowerCase()}${kind.slice(1)} flow` }).first(),
  ).toBeVisible();
  await expect(panel.getByRole("link", { name: "Open the flow" })).toHaveAttribute("href", /^\/flows\/[0-9a-f-]{36}$/);
}

/** The buttons of the steps: a link that opens a page, or a form's button that does the step. */
const BUTTONS: Readonly<Record<StepTitle, { role: "link" | "button"; name: string }>> = {
  "Connect a bank": { role: "link", name: "Log in at the bank" },
  "Read accounts": { role: "link", name: "Open the accounts" },
  "Pay a bill with KID": { role: "link", name: "Open the filled-in bill" },
  "Sign three payments together": { role: "button", name: "Prepare three payments" },
  "End of day": { role: "button", name: "Run the end of day" },
  "One rejected for lack of funds": { role: "link", name: "Show the rejected payment" },
  "Read while the customer is away": { role: "button", name: "Read without the customer" },
};
const buttonOf = (page: Page, title: StepTitle) =>
  step(page, title).getByRole(BUTTONS[title].role, { name: BUTTONS[title].name, exact: true });

/** Opens the presenter view and clicks a step's button. */
async function press(page: Page, title: StepTitle): Promise<void> {
  await page.goto("/presenter");
  await buttonOf(page, title).click();
}

/** Forgets the bank connection in the settings, as a presenter starting afresh: nothing the story made in this worker counts any more. */
async function forgetConnection(page: Page, made: MadeEarlier): Promise<void> {
  for (const name of STORY) made.delete(name);
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await expect(page.getByText("The app has no PSU-ID for you")).toBeVisible();
  }
}

/** Step 1 from no connection: Ingrid's login and consent at the bank (Brukskonto, Sparekonto and the card), back on the presenter view. */
async function connectFromPresenter(page: Page, made: MadeEarlier): Promise<StoryConnection> {
  await forgetConnection(page, made);
  await press(page, "Connect a bank");
  await passBankLogin(page, INGRID);
  await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
  await page.waitForURL(`${appUrl}/presenter`);
  return { cookies: await page.context().cookies() };
}

/** The demo user connected as Ingrid from the presenter view on `page`: by an earlier test of the worker (its cookies taken), or now. */
async function connectedFromPresenter(page: Page, made: MadeEarlier): Promise<void> {
  const connection = await once(made, CONNECTED, () => connectFromPresenter(page, made));
  await page.context().addCookies(connection.cookies);
}

/** Step 2, as a step before another test's: Ingrid's accounts read with her (the app then knows them, and reads them without her). */
async function readAccounts(page: Page): Promise<void> {
  await press(page, "Read accounts");
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
}

/** Step 3's button: the bill's form, filled in. */
async function openFilledInBill(page: Page): Promise<void> {
  await press(page, "Pay a bill with KID");
  await page.waitForURL(`${appUrl}/payments/new?preset=kid-bill`);
}

/** As the bill's hint says: choose the account to pay from (Brukskonto). */
async function payFromBrukskonto(page: Page): Promise<void> {
  const payFrom = page.getByLabel("Pay from");
  await payFrom.selectOption((await payFrom.locator("option", { hasText: /^Brukskonto · / }).getAttribute("value")) ?? "");
}

/** The bill sent and approved at the bank as Ingrid (`atBank` sees the bank's page first); the page is left on the payment's page. */
async function approveBill(page: Page, atBank?: (bank: Page) => Promise<void>): Promise<void> {
  await page.getByRole("button", { name: "Continue to approve" }).click();
  // Told again within ten minutes (servers reused while writing specs), the bank asks about a duplicate.
  const duplicate = page.getByRole("alert").filter({ hasText: "Send anyway?" });
  await Promise.race([page.waitForURL(onBank).catch(() => undefined), duplicate.waitFor().catch(() => undefined)]);
  if (!onBank(new URL(page.url()))) await duplicate.getByRole("button", { name: "Send anyway" }).click();
  await decideAtBank(page, { nationalId: INGRID, expect: atBank });
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
}

/** Step 3, as a step before another test's: the KID bill paid from Brukskonto, approved. */
async function payKidBill(page: Page): Promise<void> {
  await openFilledInBill(page);
  await payFromBrukskonto(page);
  await approveBill(page);
}

/** Step 4's button: three payments kept waiting at the bank, ticked on the Payments page. */
async function prepareThreePayments(page: Page): Promise<void> {
  await press(page, "Sign three payments together");
  await page.waitForURL(/\/payments\?tick=[0-9a-f-]{36},[0-9a-f-]{36},[0-9a-f-]{36}$/);
}

/** The ticked payment short of funds on the Payments page: its checkbox's name, and its amount from it. */
async function shortPayment(page: Page): Promise<{ label: string; amount: string }> {
  const checkbox = page.getByRole("checkbox", { name: new RegExp(`^Sign together: ${SHORT}, `), checked: true });
  const label = (await checkbox.getAttribute("aria-label")) ?? "";
  return { label, amount: new RegExp(`^Sign together: ${SHORT}, (.+)$`).exec(label)?.[1] ?? "" };
}

/** The three signed together, approved at the bank as Ingrid (`atBank` sees the bank's page first); the basket's page. */
async function signTogether(page: Page, atBank?: () => Promise<void>): Promise<string> {
  await page.getByRole("button", { name: "Sign together (3)", exact: true }).click();
  await passBankLogin(page, INGRID);
  await atBank?.();
  await decideAtBank(page, { nationalId: INGRID });
  await page.waitForURL(/\/baskets\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** Step 4, as a step before another test's: the three payments prepared and signed together. */
async function signThreeTogether(page: Page): Promise<StoryBasket> {
  await prepareThreePayments(page);
  const { amount } = await shortPayment(page);
  return { basketPath: await signTogether(page), short: { name: SHORT, amount } };
}

/** Step 5's button: the sandbox clock to the bank's next batch run, the run; the page is left on the basket's page. */
async function runEndOfDay(page: Page, basket: StoryBasket): Promise<void> {
  await press(page, "End of day");
  await page.waitForURL(`${appUrl}${basket.basketPath}`);
}

/** The sandbox clock back at the real time, through the control room (the app reads the bank's clock again at once). */
async function backToRealTime(page: Page): Promise<void> {
  await page.goto("/sandbox");
  const moves = page.getByRole("form", { name: "Move the clock", exact: true });
  await act(page, moves, moves.getByRole("button", { name: "Back to the real time" }));
  await expect(page.getByRole("region", { name: "Clock", exact: true })).toContainText("none (the real time)");
}

/** Step 5, as a step before another test's: the end of day run on the story's basket (signed now when not yet), the clock put back. */
async function endOfDayRun(page: Page, made: MadeEarlier): Promise<StoryBasket> {
  const basket = await once(made, BASKET_SIGNED, () => signThreeTogether(page));
  try {
    await runEndOfDay(page, basket);
  } finally {
    await backToRealTime(page);
  }
  return basket;
}

test("the story's start: reached from the home page, seven steps in order, each with its button; the connection forgotten, step 1 is Next", async ({
  page,
  madeEarlier,
}) => {
  // A presenter starts afresh: the app forgets the bank connection of earlier demos.
  await forgetConnection(page, madeEarlier);

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Shortcuts" })
    .getByRole("link", { name: /^Presenter view/ })
    .click();
  await page.waitForURL(`${appUrl}/presenter`);
  await openPresenter(page, { done: [], notDone: ["Connect a bank"] });
  await expect(step(page, "Connect a bank")).toHaveAttribute("aria-current", "step");
  // Each step's button; the last one's waits for the end of day.
  for (const title of STEPS.slice(0, 5)) await expect(buttonOf(page, title)).toBeVisible();
  await expect(step(page, "One rejected for lack of funds")).toContainText(/After the end of day|Show the rejected payment/);
  await expect(step(page, "Connect a bank").getByRole("link", { name: "Log in at the bank" })).toHaveAttribute("href", /^\/connect\?/);
  await expect(step(page, "Read accounts").getByRole("link", { name: "Open the accounts" })).toHaveAttribute("href", "/accounts");
  await expect(step(page, "Pay a bill with KID").getByRole("link", { name: "Open the filled-in bill" })).toHaveAttribute(
    "href",
    "/payments/new?preset=kid-bill",
  );
  await expect(step(page, "Connect a bank")).toContainText("national identity number 13039319955");
  await expect(page.getByRole("link", { name: "Sandbox control room" })).toHaveAttribute("href", "/sandbox");
  // The Done marks count from the latest connection made here, so a Fresh start alone does not clear them.
  await expect(page.getByRole("main")).toContainText(
    "To start afresh: the sandbox's Fresh start, then step 1 again; the Done marks count from the latest connection made with step 1.",
  );
  await expect(page.getByRole("region", { name: "The flow just done" })).toBeVisible();
  await shoot(page, "presenter-01-start", { phone: true });
  await a11y(page, "presenter, start");
});

test("step 1, connect a bank: the bank's login and consent, back on the presenter view, Done, the consent's diagram", async ({
  page,
  madeEarlier,
}) => {
  keep(madeEarlier, CONNECTED, await connectFromPresenter(page, madeEarlier));
  await openPresenter(page, { done: ["Connect a bank"] });
  await expectLatestFlow(page, "Consent", "Completed");
  await shoot(page, "presenter-02-connected", { phone: true });
  await a11y(page, "presenter, connected");
});

test("step 2, read accounts: the accounts page with Ingrid's accounts and card", async ({ page, madeEarlier }) => {
  await connectedFromPresenter(page, madeEarlier);
  await press(page, "Read accounts");
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toContainText("Available");
  await expect(page.getByRole("link", { name: SAVINGS })).toBeVisible();
  await expect(page.getByRole("link", { name: CARD })).toBeVisible();
  keep(madeEarlier, ACCOUNTS_READ, true);
  await shoot(page, "presenter-03-accounts", { phone: true });
  await a11y(page, "presenter step 2, accounts");
  // Reading leaves no flow: the diagram is still the consent's.
  await openPresenter(page, { done: ["Connect a bank"] });
  await expectLatestFlow(page, "Consent", "Completed");
});

test("step 3, pay a bill with KID: the form filled in, approved at the bank, Done, the payment's diagram", async ({
  page,
  madeEarlier,
}) => {
  await connectedFromPresenter(page, madeEarlier);
  await openFilledInBill(page);
  await expect(page.getByText("An invoice paid with its KID.")).toBeVisible();
  await expect(page.getByLabel("Recipient's name")).toHaveValue("Bergstrand Arkitekter AS");
  await expect(page.getByLabel("Recipient's account number")).toHaveValue("38009416606");
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("4875.00");
  await expect(page.getByRole("radio", { name: /^KID(\s|$)/ })).toBeChecked();
  const kid = await page.getByLabel("KID", { exact: true }).inputValue();
  expect(kid).toMatch(/^\d{2,25}$/);
  await payFromBrukskonto(page);
  await shoot(page, "presenter-04-bill-form", { phone: true });
  await a11y(page, "presenter step 3, the bill's form");
  await approveBill(page, async (bank) => {
    await expect(bank.getByRole("article").getByRole("heading", { name: "Bergstrand Arkitekter AS" })).toBeVisible();
    await expect(bank.getByRole("article")).toContainText(bankAmount("4875.00"));
  });
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
  await expect(page.getByRole("region", { name: "Payment", exact: true })).toContainText(kid);
  keep(madeEarlier, BILL_PAID, true);
  await openPresenter(page, { done: ["Connect a bank", "Pay a bill with KID"] });
  await expectLatestFlow(page, "Payment", "Completed");
  await shoot(page, "presenter-05-bill-paid", { phone: true });
  await a11y(page, "presenter, bill approved");
});

test("step 4, sign three payments together: three kept and ticked, one approval at the bank, Done, the basket's diagram", async ({
  page,
  madeEarlier,
}) => {
  await connectedFromPresenter(page, madeEarlier);
  await once(madeEarlier, BILL_PAID, () => payKidBill(page).then(() => true));
  await prepareThreePayments(page);
  const ticked = page.getByRole("list", { name: "Payments" }).getByRole("checkbox", { checked: true });
  await expect(ticked).toHaveCount(3);
  await expect(page.getByText("3 of at most 10 ticked.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Sign together: Fjordkraft AS, ${kr("1245.00")}`, exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Sign together: Bergen Bysykkel AS, ${kr("599.00")}`, exact: true })).toBeChecked();
  // The third asks 5 000 kroner more than Sparekonto holds: its amount is the bank's balance's.
  const short = await shortPayment(page);
  expect(short.amount, short.label).toMatch(/^\d[\d\s\u00a0]*,00\s*kr$/);
  await shoot(page, "presenter-06-three-ticked", { phone: true });
  await a11y(page, "presenter step 4, three ticked");

  const basketPath = await signTogether(page, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Approve 3 payments");
    await expect(page.getByRole("article")).toHaveCount(3);
    for (const name of ["Fjordkraft AS", "Bergen Bysykkel AS", SHORT])
      await expect(page.getByRole("article").getByRole("heading", { name, exact: true })).toBeVisible();
    await shoot(page, "presenter-07-bank-basket", { phone: true });
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("3 payments signed together");
  await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]")).toContainText(
    statusText("Approved", "ACTC"),
  );
  keep(madeEarlier, BASKET_SIGNED, { basketPath, short: { name: SHORT, amount: short.amount } } satisfies StoryBasket);
  await shoot(page, "presenter-08-basket-approved", { phone: true });
  await a11y(page, "presenter step 4, the basket approved");

  // The story's basket is the latest now: approved, its payments not yet paid.
  await openPresenter(page, {
    done: ["Connect a bank", "Pay a bill with KID", "Sign three payments together"],
    notDone: ["End of day", "One rejected for lack of funds"],
  });
  await expect(step(page, "End of day")).toHaveAttribute("aria-current", "step");
  await expectLatestFlow(page, "Signing basket", "Completed");
  // Until the end of day the last step has nothing to show but the basket.
  await expect(step(page, "One rejected for lack of funds").getByRole("link", { name: "Show the rejected payment" })).toHaveAttribute(
    "href",
    basketPath,
  );
  await shoot(page, "presenter-09-basket-done", { phone: true });
  await a11y(page, "presenter, basket signed");
});

test("step 5, end of day: the clock to the bank's next batch run, the run, the basket's page: RJCT, two paid, one rejected for funds", async ({
  page,
  madeEarlier,
}) => {
  await connectedFromPresenter(page, madeEarlier);
  await once(madeEarlier, BILL_PAID, () => payKidBill(page).then(() => true));
  const basket = await once(madeEarlier, BASKET_SIGNED, () => signThreeTogether(page));
  try {
    await runEndOfDay(page, basket);
    const status = page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]");
    await expect(status).toContainText(/Rejected \(at least one\)\s*RJCT/);
    const rows = page.getByRole("region", { name: "Payments in the basket" }).getByRole("listitem");
    await expect(rows.filter({ hasText: "Fjordkraft AS" })).toContainText(statusText("Paid", "ACSC"));
    await expect(rows.filter({ hasText: "Bergen Bysykkel AS" })).toContainText(statusText("Paid", "ACSC"));
    const short = rows.filter({ hasText: basket.short.name });
    await expect(short).toContainText(statusText("Rejected", "RJCT"));
    await expect(short).toContainText("Not enough money on the account.");
    await expect(short).toContainText(basket.short.amount);
    keep(madeEarlier, END_OF_DAY_RUN, basket);
    await shoot(page, "presenter-10-end-of-day", { phone: true });
    await a11y(page, "presenter step 5, the basket after the end of day");

    await openPresenter(page, {
      done: ["Connect a bank", "Pay a bill with KID", "Sign three payments together", "End of day", "One rejected for lack of funds"],
    });
    await expectLatestFlow(page, "Signing basket", "Completed");
    await expect(step(page, "One rejected for lack of funds").getByRole("link", { name: "Show the rejected payment" })).toHaveAttribute(
      "href",
      /^\/payments\/[0-9a-f-]{36}$/,
    );
    await shoot(page, "presenter-11-all-done", { phone: true });
    await a11y(page, "presenter, all done");
  } finally {
    // The tests after this one find the clock at the real time.
    await backToRealTime(page);
  }
});

test("step 6, one rejected for lack of funds: the payment's page says why", async ({ page, madeEarlier }) => {
  await connectedFromPresenter(page, madeEarlier);
  const basket = await once(madeEarlier, END_OF_DAY_RUN, () => endOfDayRun(page, madeEarlier));
  await press(page, "One rejected for lack of funds");
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${basket.short.amount} to ${basket.short.name}`);
  await expect(paymentStatus(page)).toContainText(statusText("Rejected", "RJCT"));
  const why = page.getByRole("alert").filter({ hasText: "Rejected: not enough money on the account" });
  await expect(why).toContainText("fundsAvailable: false");
  await expect(page.getByRole("link", { name: "signing basket" })).toHaveAttribute("href", basket.basketPath);
  await shoot(page, "presenter-12-rejected-payment", { phone: true });
  await a11y(page, "presenter step 6, the rejected payment");
});

test("step 7, read while the customer is away: the app reads without the customer, and the overview says so", async ({
  page,
  madeEarlier,
}) => {
  await connectedFromPresenter(page, madeEarlier);
  // The app reads without Ingrid the accounts it read with her.
  await once(madeEarlier, ACCOUNTS_READ, () => readAccounts(page).then(() => true));
  await press(page, "Read while the customer is away");
  await page.waitForURL(`${appUrl}/#read-overview`);
  const overview = page.getByRole("region", { name: "Your accounts, as last read" });
  const main = overview.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Brukskonto", exact: true }) });
  await expect(main).toContainText(/Read .* without you/);
  // One read of balances; transactions in one page or more (a long history is more than a page, each a call).
  await expect(main).toContainText(/Reads without you left in 24 hours: balances 3 of 4, transactions [0-3] of 4/);
  await shoot(page, "presenter-13-read-while-away", { phone: true });
  await a11y(page, "presenter step 7, the overview after a read without the customer");
  await openPresenter(page, { done: ["Connect a bank", "Read while the customer is away"] });
  await expectLatestFlow(page, "Read without the PSU", "Completed");
});
