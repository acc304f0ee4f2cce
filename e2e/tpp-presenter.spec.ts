/**
 * The presenter view (/presenter) end to end in Chromium, against npm run demo's servers: the
 * demo's story from start to end as a presenter clicks through it. Each step's button opens its
 * page or does the step (connect a bank, read accounts, pay a bill with its KID, three payments
 * kept and ticked then signed together, the end of day's batch run, the payment rejected for lack
 * of funds), the step is marked Done from the app's own records, the next one is marked Next, and
 * "The flow just done" draws the latest flow after each. Every page is kept as a screenshot at
 * desktop and phone width and checked with axe.
 *
 * The specs share one app and one bank, in file-name order. This one runs after the payment
 * specs: the demo user holds a PSU-ID (Ingrid's) and payments and baskets of its own. It starts
 * the story afresh as a presenter would, by forgetting the bank connection in the settings, then
 * connects Ingrid again (Brukskonto, Sparekonto and the card shared). The Done marks of the later
 * steps come from the latest basket, so they are checked as this story makes them: from its own
 * basket on. The sandbox clock is stopped while it runs (no scheduled batch run settles the
 * basket before the story's end of day); "Run the end of day" moves it forward to the bank's next
 * batch run, where it then runs on (tpp-sandbox, after this one, sets it back to the real time at
 * its end). It leaves the demo user connected as Ingrid, her KID bill paid at that batch run, and
 * the story's basket RJCT with two of its payments paid.
 *
 * @see docs/tpp-app.md#the-pages (/presenter); docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { bankAmount, decideAtBank, freezeClock, kr, passBankLogin, paymentStatus, statusText, unfreezeClock } from "./support/payments";
import { appUrl, CARD, confirmAccounts, DESKTOP, INGRID, MAIN, onBank, SAVINGS, shoot, signIn } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox clock, batch runs, the control room and the known customers");

test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let page: Page;
/** The story's basket and its rejected payment, once made. */
const story = { basketPath: "", short: { name: "Nordvik Bil AS", amount: "" } };

test.beforeAll(async ({ browser }) => {
  await freezeClock();
  context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
  page = await context.newPage();
  await signIn(page);
});
test.afterAll(async () => {
  await context?.close();
  await unfreezeClock();
});

const a11y = (name: string) => expectNoSeriousA11yViolations(page, name);

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
function step(title: StepTitle): Locator {
  const number = STEPS.indexOf(title) + 1;
  return page
    .getByRole("list", { name: "The story" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: `Step ${number}: ${title}`, exact: true }) });
}
const done = (title: StepTitle) => step(title).getByText("Done", { exact: true });

/**
 * The presenter view: the steps given marked Done (and those in `notDone` not), and the first step
 * not Done (reading accounts aside) marked Next, none once all are. Which steps earlier specs left
 * Done (the latest basket may be theirs) is theirs: the steps this story does are checked.
 */
async function openPresenter(expected: { done: StepTitle[]; notDone?: StepTitle[] }): Promise<void> {
  await page.goto("/presenter");
  await expect(page.getByRole("heading", { level: 1, name: "Presenter view" })).toBeVisible();
  await expect(page.getByRole("list", { name: "The story" }).getByRole("listitem")).toHaveCount(STEPS.length);
  for (const title of expected.done) await expect(done(title), `${title} is Done`).toBeVisible();
  for (const title of expected.notDone ?? []) await expect(done(title), `${title} is not Done`).toHaveCount(0);
  // Reading accounts leaves no record to judge by: it is never marked Done.
  await expect(done("Read accounts")).toHaveCount(0);
  let first: StepTitle | undefined;
  for (const title of STEPS) {
    if (title !== "Read accounts" && (await done(title).count()) === 0) {
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
    await expect(step(first)).toHaveAttribute("aria-current", "step");
    await expect(step(first).getByText("Next", { exact: true })).toBeVisible();
  }
}

/** "The flow just done": the latest flow's kind, its outcome and its diagram, and a link to its page. */
async function expectLatestFlow(
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
const buttonOf = (title: StepTitle) => step(title).getByRole(BUTTONS[title].role, { name: BUTTONS[title].name, exact: true });

/** Opens the presenter view and clicks a step's button. */
async function press(title: StepTitle): Promise<void> {
  await page.goto("/presenter");
  await buttonOf(title).click();
}

test("the story's start: reached from the home page, seven steps in order, each with its button; the connection forgotten, step 1 is Next", async () => {
  // A presenter starts afresh: the app forgets the bank connection of earlier demos.
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await expect(page.getByText("The app has no PSU-ID for you")).toBeVisible();
  }

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Shortcuts" })
    .getByRole("link", { name: /^Presenter view/ })
    .click();
  await page.waitForURL(`${appUrl}/presenter`);
  await openPresenter({ done: [], notDone: ["Connect a bank"] });
  await expect(step("Connect a bank")).toHaveAttribute("aria-current", "step");
  // Each step's button; the last one's waits for the end of day.
  for (const title of STEPS.slice(0, 5)) await expect(buttonOf(title)).toBeVisible();
  await expect(step("One rejected for lack of funds")).toContainText(/After the end of day|Show the rejected payment/);
  await expect(step("Connect a bank").getByRole("link", { name: "Log in at the bank" })).toHaveAttribute("href", /^\/connect\?/);
  await expect(step("Read accounts").getByRole("link", { name: "Open the accounts" })).toHaveAttribute("href", "/accounts");
  await expect(step("Pay a bill with KID").getByRole("link", { name: "Open the filled-in bill" })).toHaveAttribute(
    "href",
    "/payments/new?preset=kid-bill",
  );
  await expect(step("Connect a bank")).toContainText("national identity number 13039319955");
  await expect(page.getByRole("link", { name: "Sandbox control room" })).toHaveAttribute("href", "/sandbox");
  // The Done marks count from the latest connection made here, so a Fresh start alone does not clear them.
  await expect(page.getByRole("main")).toContainText(
    "To start afresh: the sandbox's Fresh start, then step 1 again; the Done marks count from the latest connection made with step 1.",
  );
  await expect(page.getByRole("region", { name: "The flow just done" })).toBeVisible();
  await shoot(page, "presenter-01-start", { phone: true });
  await a11y("presenter, start");
});

test("step 1, connect a bank: the bank's login and consent, back on the presenter view, Done, the consent's diagram", async () => {
  await press("Connect a bank");
  await passBankLogin(page, INGRID);
  await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
  await page.waitForURL(`${appUrl}/presenter`);
  await openPresenter({ done: ["Connect a bank"] });
  await expectLatestFlow("Consent", "Completed");
  await shoot(page, "presenter-02-connected", { phone: true });
  await a11y("presenter, connected");
});

test("step 2, read accounts: the accounts page with Ingrid's accounts and card", async () => {
  await press("Read accounts");
  await page.waitForURL(`${appUrl}/accounts`);
  await expect(page.getByRole("link", { name: MAIN })).toContainText("Available");
  await expect(page.getByRole("link", { name: SAVINGS })).toBeVisible();
  await expect(page.getByRole("link", { name: CARD })).toBeVisible();
  await shoot(page, "presenter-03-accounts", { phone: true });
  await a11y("presenter step 2, accounts");
  // Reading leaves no flow: the diagram is still the consent's.
  await openPresenter({ done: ["Connect a bank"] });
  await expectLatestFlow("Consent", "Completed");
});

test("step 3, pay a bill with KID: the form filled in, approved at the bank, Done, the payment's diagram", async () => {
  await press("Pay a bill with KID");
  await page.waitForURL(`${appUrl}/payments/new?preset=kid-bill`);
  await expect(page.getByText("An invoice paid with its KID.")).toBeVisible();
  await expect(page.getByLabel("Recipient's name")).toHaveValue("Bergstrand Arkitekter AS");
  await expect(page.getByLabel("Recipient's account number")).toHaveValue("38009416606");
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("4875.00");
  await expect(page.getByRole("radio", { name: /^KID(\s|$)/ })).toBeChecked();
  const kid = await page.getByLabel("KID", { exact: true }).inputValue();
  expect(kid).toMatch(/^\d{2,25}$/);
  // As the hint says: choose the account to pay from.
  const payFrom = page.getByLabel("Pay from");
  await payFrom.selectOption((await payFrom.locator("option", { hasText: /^Brukskonto · / }).getAttribute("value")) ?? "");
  await shoot(page, "presenter-04-bill-form", { phone: true });
  await a11y("presenter step 3, the bill's form");
  await page.getByRole("button", { name: "Continue to approve" }).click();
  // Told again within ten minutes (servers reused while writing specs), the bank asks about a duplicate.
  const duplicate = page.getByRole("alert").filter({ hasText: "Send anyway?" });
  await Promise.race([page.waitForURL(onBank).catch(() => undefined), duplicate.waitFor().catch(() => undefined)]);
  if (!onBank(new URL(page.url()))) await duplicate.getByRole("button", { name: "Send anyway" }).click();
  await decideAtBank(page, {
    nationalId: INGRID,
    expect: async (bank) => {
      await expect(bank.getByRole("article").getByRole("heading", { name: "Bergstrand Arkitekter AS" })).toBeVisible();
      await expect(bank.getByRole("article")).toContainText(bankAmount("4875.00"));
    },
  });
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
  await expect(page.getByRole("region", { name: "Payment", exact: true })).toContainText(kid);
  await openPresenter({ done: ["Connect a bank", "Pay a bill with KID"] });
  await expectLatestFlow("Payment", "Completed");
  await shoot(page, "presenter-05-bill-paid", { phone: true });
  await a11y("presenter, bill approved");
});

test("step 4, sign three payments together: three kept and ticked, one approval at the bank, Done, the basket's diagram", async () => {
  await press("Sign three payments together");
  await page.waitForURL(/\/payments\?tick=[0-9a-f-]{36},[0-9a-f-]{36},[0-9a-f-]{36}$/);
  const ticked = page.getByRole("list", { name: "Payments" }).getByRole("checkbox", { checked: true });
  await expect(ticked).toHaveCount(3);
  await expect(page.getByText("3 of at most 10 ticked.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Sign together: Fjordkraft AS, ${kr("1245.00")}`, exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Sign together: Bergen Bysykkel AS, ${kr("599.00")}`, exact: true })).toBeChecked();
  // The third asks 5 000 kroner more than Sparekonto holds: its amount is the bank's balance's.
  const shortName = (await page.getByRole("checkbox", { name: /^Sign together: Nordvik Bil AS, / }).getAttribute("aria-label")) ?? "";
  const shortAmount = /^Sign together: Nordvik Bil AS, (.+)$/.exec(shortName)?.[1] ?? "";
  expect(shortAmount, shortName).toMatch(/^\d[\d\s\u00a0]*,00\s*kr$/);
  story.short.amount = shortAmount;
  await shoot(page, "presenter-06-three-ticked", { phone: true });
  await a11y("presenter step 4, three ticked");

  await page.getByRole("button", { name: "Sign together (3)", exact: true }).click();
  await passBankLogin(page, INGRID);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Approve 3 payments");
  await expect(page.getByRole("article")).toHaveCount(3);
  for (const name of ["Fjordkraft AS", "Bergen Bysykkel AS", "Nordvik Bil AS"])
    await expect(page.getByRole("article").getByRole("heading", { name, exact: true })).toBeVisible();
  await shoot(page, "presenter-07-bank-basket", { phone: true });
  await decideAtBank(page, { nationalId: INGRID });
  await page.waitForURL(/\/baskets\/[0-9a-f-]{36}$/);
  story.basketPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("3 payments signed together");
  await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]")).toContainText(
    statusText("Approved", "ACTC"),
  );
  await shoot(page, "presenter-08-basket-approved", { phone: true });
  await a11y("presenter step 4, the basket approved");

  // The story's basket is the latest now: approved, its payments not yet paid.
  await openPresenter({
    done: ["Connect a bank", "Pay a bill with KID", "Sign three payments together"],
    notDone: ["End of day", "One rejected for lack of funds"],
  });
  await expect(step("End of day")).toHaveAttribute("aria-current", "step");
  await expectLatestFlow("Signing basket", "Completed");
  // Until the end of day the last step has nothing to show but the basket.
  await expect(step("One rejected for lack of funds").getByRole("link", { name: "Show the rejected payment" })).toHaveAttribute(
    "href",
    story.basketPath,
  );
  await shoot(page, "presenter-09-basket-done", { phone: true });
  await a11y("presenter, basket signed");
});

test("step 5, end of day: the clock to the bank's next batch run, the run, the basket's page: RJCT, two paid, one rejected for funds", async () => {
  await press("End of day");
  await page.waitForURL(`${appUrl}${story.basketPath}`);
  const status = page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]");
  await expect(status).toContainText(/Rejected \(at least one\)\s*RJCT/);
  const rows = page.getByRole("region", { name: "Payments in the basket" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Fjordkraft AS" })).toContainText(statusText("Paid", "ACSC"));
  await expect(rows.filter({ hasText: "Bergen Bysykkel AS" })).toContainText(statusText("Paid", "ACSC"));
  const short = rows.filter({ hasText: "Nordvik Bil AS" });
  await expect(short).toContainText(statusText("Rejected", "RJCT"));
  await expect(short).toContainText("Not enough money on the account.");
  await expect(short).toContainText(story.short.amount);
  await shoot(page, "presenter-10-end-of-day", { phone: true });
  await a11y("presenter step 5, the basket after the end of day");

  await openPresenter({
    done: ["Connect a bank", "Pay a bill with KID", "Sign three payments together", "End of day", "One rejected for lack of funds"],
  });
  await expectLatestFlow("Signing basket", "Completed");
  await expect(step("One rejected for lack of funds").getByRole("link", { name: "Show the rejected payment" })).toHaveAttribute(
    "href",
    /^\/payments\/[0-9a-f-]{36}$/,
  );
  await shoot(page, "presenter-11-all-done", { phone: true });
  await a11y("presenter, all done");
});

test("step 6, one rejected for lack of funds: the payment's page says why", async () => {
  await press("One rejected for lack of funds");
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${story.short.amount} to ${story.short.name}`);
  await expect(paymentStatus(page)).toContainText(statusText("Rejected", "RJCT"));
  const why = page.getByRole("alert").filter({ hasText: "Rejected: not enough money on the account" });
  await expect(why).toContainText("fundsAvailable: false");
  await expect(page.getByRole("link", { name: "signing basket" })).toHaveAttribute("href", story.basketPath);
  await shoot(page, "presenter-12-rejected-payment", { phone: true });
  await a11y("presenter step 6, the rejected payment");
});

test("step 7, read while the customer is away: the app reads without the customer, and the overview says so", async () => {
  await press("Read while the customer is away");
  await page.waitForURL(`${appUrl}/#read-overview`);
  const overview = page.getByRole("region", { name: "Your accounts, as last read" });
  const main = overview.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Brukskonto", exact: true }) });
  await expect(main).toContainText(/Read .* without you/);
  // One read of balances; transactions in one page or more (a long history is more than a page, each a call).
  await expect(main).toContainText(/Reads without you left in 24 hours: balances 3 of 4, transactions [0-3] of 4/);
  await shoot(page, "presenter-13-read-while-away", { phone: true });
  await a11y("presenter step 7, the overview after a read without the customer");
  await openPresenter({ done: ["Connect a bank", "Read while the customer is away"] });
  await expectLatestFlow("Read without the PSU", "Completed");
});
