/**
 * Signing baskets end to end in Chromium, against npm run demo's servers: payments kept to be
 * approved later (the form's "Later, together with other payments"), ticked on /payments (at most
 * 10: the 11th cannot be, and the page says why; a repeating payment never, with the bank's
 * REFERENCE_MIX_INVALID rule), three of them signed with one SCA at the bank (its page lists each)
 * where one asks more than its account holds: after the bank's batch run the basket is RJCT, that
 * payment RJCT for lack of funds and the other two ACSC, their debits booked on the account. A
 * basket whose approval was left unfinished at the bank (RCVD), approved again from its page; a
 * basket not yet approved deleted (its payments wait again, tickable); and the bank's 409 for a payment approved meanwhile (a stale
 * /payments page that still offers it), explained where it happens. Each page is kept as a
 * screenshot at desktop and phone width and checked with axe.
 *
 * The sandbox clock is stopped while each test runs (no scheduled batch run settles a payment
 * between two steps; the test runs the batch itself) and runs on afterwards. Each test opens a page
 * of its own on the worker's connection of the demo user as Ingrid (e2e/support/fixtures.ts), and
 * may run in any worker. The payments kept waiting are made by the first two tests (the second
 * keeps ten, eleven in all with the first's) and shared out between the later ones, each taking
 * its own (three for the basket short of funds, two each for the unfinished approval, the deleted
 * basket and the bank's 409); a test that finds its payments not made in its worker (run alone, or
 * in another worker than the second test) keeps them waiting itself first. The tests leave
 * payments of Ingrid's behind: single payments waiting for approval (RCVD, in no basket), a
 * repeating one waiting (RCVD), baskets (one RJCT and settled, one ACTC whose payments later batch
 * runs pay) and one payment ACTC; small amounts from Brukskonto, which keeps enough for the other
 * specs of the worker.
 *
 * @see docs/tpp-app.md#the-pages (/payments, /baskets/{id}), docs/sandbox-bank.md#payments (signing baskets); docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import {
  addDays,
  bankAmount,
  chooseProductAndKind,
  decideAtBank,
  fillTransfer,
  KARI,
  kariAddress,
  kr,
  passBankLogin,
  paymentStatus,
  runBatch,
  sandboxToday,
  statusText,
  submitPayment,
  type Transfer,
  uniqueAmount,
  sendToApproveLater,
} from "./support/payments";
import { appUrl, INGRID, MAIN, onBank, shoot } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox clock frozen, batch runs and the known customers' accounts");

// Any test to any worker: each makes what it needs, or finds it made by an earlier test of its worker.
test.describe.configure({ mode: "parallel" });
// The demo user connected as Ingrid (the worker's connection), the clock stopped while each test runs.
test.use({ demoUserSession: "connected", frozenClock: true });

/** The payments the tests keep waiting for approval, by their part: recipient and message. */
const WAITING = {
  "basket-1": ["Hafslund Strøm AS", "Strøm november"],
  "basket-2": ["Skiklubben Fjell", "Sesongkort"],
  // More than Brukskonto holds: the bank rejects it at its batch run.
  "basket-short": ["Bilsenteret Vest AS", "Kjøpesum bil"],
  "unfinished-1": ["Tannlege Berg", "Kontroll"],
  "unfinished-2": ["Frisør Lund", "Klipp"],
  "stale-1": ["Barnehagen Solsikken", "Foreldrebetaling"],
  "stale-2": ["Idrettslaget Rapp", "Treningsavgift"],
  "spare-1": ["Fjordvarme AS", "Fjernvarme"],
  "spare-2": ["Sjøbad Andelslag", "Andel"],
  "spare-3": ["Biblioteket Nord", "Purring"],
  "spare-4": ["Kulturhuset AS", "Billetter"],
} as const;
type Part = keyof typeof WAITING;

/**
 * A payment that stays waiting, in no basket, beside those a test signs: /payments offers its ticks
 * (and says why one cannot be ticked) only while at least one payment on it can be.
 */
const ONE_MORE: Part = "spare-3";

/** The name under which a payment kept waiting is kept for the later tests of the worker (e2e/support/fixtures.ts `keep`, `once`). */
const madeName = (part: Part) => `tpp-baskets: ${part}`;

const BASKET_PAGE = new RegExp(`^${appUrl.replace(/[.]/g, "\\.")}/baskets/[0-9a-f-]{36}$`);

const a11y = (page: Page, name: string) => expectNoSeriousA11yViolations(page, name);
const paymentRows = (page: Page) => page.getByRole("list", { name: "Payments" }).getByRole("listitem");
/** A payment's checkbox on /payments, by its accessible name: "Sign together: <recipient>, <amount>". */
const tick = (page: Page, transfer: Transfer) =>
  page.getByRole("checkbox", { name: `Sign together: ${transfer.name}, ${kr(transfer.amount)}`, exact: true });
const rowOf = (page: Page, transfer: Transfer) =>
  paymentRows(page)
    .filter({ hasText: transfer.name })
    .filter({ hasText: kr(transfer.amount) });
/** The basket's status under the basket page's title. */
const basketStatus = (page: Page) => page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]");
const basketPayments = (page: Page) => page.getByRole("region", { name: "Payments in the basket" }).getByRole("listitem");
const basketRow = (page: Page, transfer: Transfer) => basketPayments(page).filter({ hasText: transfer.name });

/** Ingrid's Brukskonto as the app shows it on /accounts: its page, and the most it may hold (available, expected, booked). */
async function brukskonto(page: Page): Promise<{ path: string; mostHeld: number }> {
  await page.goto("/accounts");
  const account = page.getByRole("link", { name: MAIN });
  const path = (await account.getAttribute("href")) ?? "";
  expect(path).toMatch(/^\/accounts\/[\w-]+$/);
  // What the account holds, as its card shows it: available, expected and booked at the end of the day.
  const figures = [...((await account.textContent()) ?? "").matchAll(/([−-]?[\d\s\u00a0\u202f]+,\d\d)\s*kr/g)].map((match) =>
    Number(
      (match[1] ?? "")
        .replace(/[\s\u00a0\u202f]/g, "")
        .replace(",", ".")
        .replace("−", "-"),
    ),
  );
  expect(figures.length).toBeGreaterThanOrEqual(2);
  return { path, mostHeld: Math.max(...figures) };
}

/** A Norwegian transfer from Brukskonto to Kari's account under another name, as a user fills it in. */
async function transfer(page: Page, part: Part): Promise<Transfer> {
  const [name, message] = WAITING[part];
  const amount = part === "basket-short" ? `${Math.ceil((await brukskonto(page)).mostHeld) + 10_000}.00` : uniqueAmount();
  return { name, account: KARI.bban, address: kariAddress, amount, message };
}

/** Fills the form with a single payment and keeps it at the bank, waiting ("Later, together with other payments"). */
async function keepForLater(page: Page, payment: Transfer): Promise<void> {
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  await expect(page.getByLabel("Pay from").locator("option:checked")).toHaveText(/^Brukskonto · /);
  await fillTransfer(page, payment);
  await sendToApproveLater(page);
  await expect(
    page.getByRole("status").filter({ hasText: `The bank has the payment to ${payment.name}, waiting for your approval.` }),
  ).toBeVisible();
}

/** The payments of these parts kept waiting: by an earlier test of the worker, or now (the test run alone). */
async function keptWaiting(page: Page, made: MadeEarlier, parts: Part[]): Promise<Transfer[]> {
  const payments: Transfer[] = [];
  for (const part of parts)
    payments.push(
      await once(made, madeName(part), async () => {
        const payment = await transfer(page, part);
        await keepForLater(page, payment);
        return payment;
      }),
    );
  return payments;
}

/** Ticks payments on /payments and signs them together: the browser goes to the bank. */
async function signTogether(page: Page, payments: Transfer[]): Promise<void> {
  for (const payment of payments) await tick(page, payment).check();
  await page.getByRole("button", { name: `Sign together (${payments.length})`, exact: true }).click();
  await page.waitForURL(onBank);
}

/** Ticks payments and signs them together where the bank refuses: the page stays, with the refusal. */
async function signTogetherRefused(page: Page, payments: Transfer[]): Promise<void> {
  for (const payment of payments) await tick(page, payment).check();
  await page.getByRole("button", { name: `Sign together (${payments.length})`, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The bank refused the basket" })).toBeVisible();
}

/** The bank's basket approval page: each payment (creditor and amount) and the total. */
async function expectBasketAtBank(bank: Page, payments: Transfer[]): Promise<void> {
  await expect(bank.getByRole("heading", { level: 1 })).toHaveText(`Approve ${payments.length} payments`);
  const cards = bank.getByRole("article");
  await expect(cards).toHaveCount(payments.length);
  for (const payment of payments) {
    const card = cards.filter({ has: bank.getByRole("heading", { name: payment.name, exact: true }) });
    await expect(card).toContainText(bankAmount(payment.amount));
    await expect(card).toContainText(payment.message ?? "");
  }
  const total = (payments.reduce((sum, payment) => sum + Math.round(Number(payment.amount) * 100), 0) / 100).toFixed(2);
  await expect(bank.getByRole("table", { name: "Totals" })).toContainText(bankAmount(total));
}

/** A status badge's text, the word and the code ("Rejected (at least one) RJCT"), its word taken literally. */
function badge(label: string, code: string): RegExp {
  return statusText(label.replace(/[()]/g, "\\$&"), code);
}

async function expectRowStatus(row: Locator, label: string, code: string): Promise<void> {
  await expect(row).toContainText(statusText(label, code));
}

test("a payment kept to be approved later: the bank has it waiting, and /payments offers it for a basket", async ({
  page,
  madeEarlier,
}) => {
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  const when = page.getByRole("group", { name: "When to approve" });
  await expect(when.getByRole("radio", { name: "Now, at the bank" })).toBeChecked();
  const first = await transfer(page, "basket-1");
  await fillTransfer(page, first);
  await when.getByRole("radio", { name: /^Later, together with other payments/ }).check();
  await expect(page.getByRole("button", { name: "Send, approve later" })).toBeVisible();
  await expect(page.getByText("The bank keeps the payment waiting for your approval; nothing is paid before that.")).toBeVisible();
  await page.getByRole("button", { name: "Send, approve later" }).click();

  // No trip to the bank: the list, with the payment waiting there.
  await page.waitForURL(/\/payments\?saved=[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "waiting for your approval" })).toHaveText(
    `The bank has the payment to ${first.name}, waiting for your approval. Tick it with others and sign them together, or open it to approve it alone.`,
  );
  await expectRowStatus(rowOf(page, first), "Received", "RCVD");
  await expect(tick(page, first)).toBeEnabled();
  await expect(tick(page, first)).not.toBeChecked();
  await expect(page.getByText("0 of at most 10 ticked.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign together", exact: true })).toBeDisabled();

  // Its page: waiting for approval, and the approval offered.
  await rowOf(page, first).getByRole("link").click();
  await expect(paymentStatus(page)).toContainText(statusText("Received", "RCVD"));
  await expect(page.getByRole("button", { name: "Approve at the bank" })).toBeVisible();
  keep(madeEarlier, madeName("basket-1"), first);
});

test("at most 10 in a basket: the 11th cannot be ticked, a repeating payment never (REFERENCE_MIX_INVALID), and the page says why", async ({
  page,
  madeEarlier,
}) => {
  // The first test's payment (made now when it did not run in this worker), and ten more single
  // payments kept waiting: eleven in all. The later tests take theirs from these.
  const eleventh = (await keptWaiting(page, madeEarlier, ["basket-1"]))[0] as Transfer;
  const parts: Part[] = [
    "basket-2",
    "basket-short",
    "unfinished-1",
    "unfinished-2",
    "stale-1",
    "stale-2",
    "spare-1",
    "spare-2",
    "spare-3",
    "spare-4",
  ];
  const more: Transfer[] = [];
  for (const part of parts) {
    const payment = await transfer(page, part);
    await keepForLater(page, payment);
    keep(madeEarlier, madeName(part), payment);
    more.push(payment);
  }

  // A repeating payment, left at the bank unapproved: it waits too (RCVD).
  const repeating: Transfer = {
    name: "Oslo Tennisklubb",
    account: "15032080119",
    address: { street: "Huk aveny", number: "35", postalCode: "0287", city: "Oslo" },
    amount: uniqueAmount(),
    message: "Kontingent",
  };
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "Repeating payment");
  await fillTransfer(page, repeating);
  await page.getByLabel("First payment").fill(addDays(await sandboxToday(), 7));
  await page.getByLabel("How often").selectOption("Monthly");
  // Only a single payment named by the PSU-ID can wait for a basket: no choice of when to approve.
  await expect(page.getByRole("group", { name: "When to approve" })).toHaveCount(0);
  await submitPayment(page);
  await page.waitForURL(onBank);
  await page.goto("/payments");
  await expectRowStatus(rowOf(page, repeating), "Received", "RCVD");
  await expect(tick(page, repeating)).toBeDisabled();
  await expect(tick(page, repeating)).toHaveAccessibleDescription(
    "Not for a basket: Repeating payments cannot be signed in a basket: the bank refuses them (REFERENCE_MIX_INVALID).",
  );
  await expect(rowOf(page, repeating)).toContainText(
    "Repeating payments cannot be signed in a basket: the bank refuses them (REFERENCE_MIX_INVALID).",
  );

  // Ten of the eleven ticked: the eleventh cannot be, and says why.
  for (const payment of more) await tick(page, payment).check();
  await expect(page.getByText("10 of at most 10 ticked: a basket holds at most 10 payments, so no more can be ticked.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign together (10)", exact: true })).toBeEnabled();
  await expect(tick(page, eleventh)).toBeDisabled();
  await expect(tick(page, eleventh)).toHaveAccessibleDescription("Not for a basket: At most 10 payments in one basket.");
  await expect(rowOf(page, eleventh)).toContainText("Not for a basket: At most 10 payments in one basket.");
  await shoot(page, "baskets-01-payments-ten-ticked", { phone: true });
  await a11y(page, "payments, ten ticked");

  // One unticked: the eleventh may be ticked again.
  const spare4 = more[parts.indexOf("spare-4")] as Transfer;
  await tick(page, spare4).uncheck();
  await expect(page.getByText("9 of at most 10 ticked.")).toBeVisible();
  await expect(tick(page, eleventh)).toBeEnabled();
  await expect(tick(page, eleventh)).toHaveAccessibleDescription("");
  await tick(page, eleventh).check();
  await expect(tick(page, spare4)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign together (10)", exact: true })).toBeEnabled();
});

test("three payments signed with one SCA, one short of funds: after the batch run the basket is RJCT, that one RJCT and the other two paid and booked", async ({
  page,
  madeEarlier,
}) => {
  const three = await keptWaiting(page, madeEarlier, ["basket-1", "basket-2", "basket-short"]);
  await keptWaiting(page, madeEarlier, [ONE_MORE]);
  const main = await brukskonto(page);
  await page.goto("/payments");
  await expect(page.getByText("0 of at most 10 ticked.")).toBeVisible();
  for (const payment of three) await tick(page, payment).check();
  await expect(page.getByText("3 of at most 10 ticked.")).toBeVisible();
  await shoot(page, "baskets-02-payments-three-ticked", { phone: true });
  await signTogether(page, three);

  // At the bank: one approval, every payment listed with its total.
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, three);
  await shoot(page, "baskets-03-bank-basket-approval", { phone: true });
  await a11y(page, "the bank's basket approval page");
  await decideAtBank(page, { nationalId: INGRID });

  // Back on the basket's page: approved, each payment approved on its own.
  await page.waitForURL(BASKET_PAGE);
  const basketPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("3 payments signed together");
  await expect(basketStatus(page)).toContainText(statusText("Approved", "ACTC"));
  await expect(basketPayments(page)).toHaveCount(3);
  for (const payment of three) {
    await expectRowStatus(basketRow(page, payment), "Approved", "ACTC");
    await expect(basketRow(page, payment)).toContainText(kr(payment.amount));
  }
  const notAtomic = page.getByRole("region", { name: "One approval, each payment on its own" });
  await expect(notAtomic).toContainText("A signing basket is not all-or-nothing.");
  await expect(notAtomic).toContainText("one can be rejected (for example for lack of funds) while the others are paid");
  await expect(page.getByText("Each payment's status is read from the bank again every 3 seconds until it is final.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Not approved yet" })).toHaveCount(0);
  await shoot(page, "baskets-04-basket-approved", { phone: true });
  await a11y(page, "basket, approved");

  // The bank's batch run: the page, polling, follows without a reload (the marker survives).
  await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  await runBatch();
  await expect(basketStatus(page)).toContainText(badge("Rejected (at least one)", "RJCT"), { timeout: 20_000 });
  const [first, second, short] = three as [Transfer, Transfer, Transfer];
  await expectRowStatus(basketRow(page, first), "Paid", "ACSC");
  await expectRowStatus(basketRow(page, second), "Paid", "ACSC");
  await expectRowStatus(basketRow(page, short), "Rejected", "RJCT");
  await expect(basketRow(page, short)).toContainText("Not enough money on the account.");
  await expect(page.getByText("is read from the bank again every 3 seconds")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
  await shoot(page, "baskets-05-basket-rejected", { phone: true });
  await a11y(page, "basket, rejected");

  // The basket went with x-accept-fix amount-as-string, as the spec asks of the basket operation.
  await page.getByRole("link", { name: "its calls in the request inspector" }).click();
  const calls = page.getByRole("table", { name: "Calls to the bank, newest first" });
  await calls.getByRole("link", { name: /^\/v1\/signing-baskets$/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("POST /v1/signing-baskets");
  await expect(
    page
      .getByRole("table", { name: "Request headers" })
      .getByRole("row")
      .filter({ hasText: /x-accept-fix/i }),
  ).toContainText("amount-as-string");
  await expect(page.getByLabel("Request body")).toContainText("paymentIds");

  // The rejected payment's own page says why, and leads back to its basket.
  await page.goto(basketPath);
  await basketRow(page, short).getByRole("link", { name: short.name }).click();
  await expect(paymentStatus(page)).toContainText(statusText("Rejected", "RJCT"));
  await expect(page.getByRole("alert").filter({ hasText: "Rejected: not enough money on the account" })).toContainText(
    "fundsAvailable: false",
  );
  await page.getByRole("link", { name: "signing basket" }).click();
  await page.waitForURL(`${appUrl}${basketPath}`);

  // The two debits are booked on Brukskonto; the rejected one is not.
  await page.goto(main.path);
  const booked = page.getByRole("table", { name: "Booked transactions" }).locator("tbody tr");
  for (const payment of [first, second])
    await expect(booked.filter({ hasText: payment.name }).filter({ hasText: kr(`-${payment.amount}`) })).toHaveCount(1);
  await expect(booked.filter({ hasText: kr(`-${short.amount}`) })).toHaveCount(0);

  // On /payments: the basket among the latest, rejected, and none of the three tickable any more.
  await page.goto("/payments");
  const baskets = page.getByRole("region", { name: "Signing baskets" }).getByRole("link");
  await expect(baskets.first()).toContainText("3 payments");
  await expect(baskets.first()).toContainText(badge("Rejected (at least one)", "RJCT"));
  for (const payment of three) await expect(tick(page, payment)).toBeDisabled();
});

test("an approval left unfinished at the bank: the basket waits (RCVD), the bank keeps it, and it is approved from its page", async ({
  page,
  madeEarlier,
}) => {
  const two = await keptWaiting(page, madeEarlier, ["unfinished-1", "unfinished-2"]);
  await keptWaiting(page, madeEarlier, [ONE_MORE]);
  await page.goto("/payments");
  await signTogether(page, two);
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, two);
  // The user leaves the bank without approving and finds the basket in the app.
  await page.goto("/payments");
  for (const payment of two) {
    await expect(tick(page, payment)).toBeDisabled();
    await expect(tick(page, payment)).toHaveAccessibleDescription("Not for a basket: Already in a signing basket.");
  }
  const latest = page.getByRole("region", { name: "Signing baskets" }).getByRole("link").first();
  await expect(latest).toContainText("2 payments");
  await expect(latest).toContainText(statusText("Waiting for approval", "RCVD"));
  await latest.click();
  await page.waitForURL(BASKET_PAGE);
  await expect(basketStatus(page)).toContainText(statusText("Waiting for approval", "RCVD"));
  for (const payment of two) {
    await expectRowStatus(basketRow(page, payment), "Received", "RCVD");
    // The bank shows no domestic payment before its approval (the known issue): the page says so.
    await expect(basketRow(page, payment)).toContainText("The bank does not show this domestic payment before its approval");
  }
  // Its approval was started and not finished: the page offers the approval again, or the deletion
  // (the bank deletes a basket while none of its payments is approved).
  const waiting = page.getByRole("region", { name: "Not approved yet" });
  await expect(waiting).toContainText("The approval was started at the bank but not finished");
  await expect(waiting.getByRole("button", { name: "Delete basket" })).toBeVisible();
  await shoot(page, "baskets-06-basket-waiting", { phone: true });
  await a11y(page, "basket, waiting for approval");

  await waiting.getByRole("button", { name: "Approve at the bank" }).click();
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, two);
  await decideAtBank(page, { nationalId: INGRID });
  await page.waitForURL(BASKET_PAGE);
  await expect(basketStatus(page)).toContainText(statusText("Approved", "ACTC"));
  for (const payment of two) await expectRowStatus(basketRow(page, payment), "Approved", "ACTC");
  await expect(page.getByRole("region", { name: "Not approved yet" })).toHaveCount(0);
});

test("deleting a basket not yet approved: its payments wait again, outside any basket, and can be ticked", async ({
  page,
  madeEarlier,
}) => {
  const two = await keptWaiting(page, madeEarlier, ["spare-1", "spare-2"]);
  await page.goto("/payments");
  await signTogether(page, two);
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, two);
  // The user leaves the bank without approving, opens the basket and deletes it.
  await page.goto("/payments");
  await page.getByRole("region", { name: "Signing baskets" }).getByRole("link").first().click();
  await page.waitForURL(BASKET_PAGE);
  await expect(basketStatus(page)).toContainText(statusText("Waiting for approval", "RCVD"));
  await page.getByRole("region", { name: "Not approved yet" }).getByRole("button", { name: "Delete basket" }).click();
  await page.waitForURL(/\/payments\?basket=deleted$/);
  await expect(page.getByRole("status")).toContainText("The bank deleted the signing basket");
  for (const payment of two) await expect(tick(page, payment)).toBeEnabled();
  await shoot(page, "baskets-07-basket-deleted", { phone: true });
  await a11y(page, "payments, after a basket was deleted");
});

test("the bank's 409: a payment approved meanwhile, ticked on a stale /payments page, is refused, and the page says why", async ({
  context,
  page,
  madeEarlier,
}) => {
  const [approved, other] = (await keptWaiting(page, madeEarlier, ["stale-1", "stale-2"])) as [Transfer, Transfer];
  await page.goto("/payments");
  await expect(tick(page, approved)).toBeEnabled();
  const basketsBefore = await page.getByRole("region", { name: "Signing baskets" }).getByRole("link").count();

  // In another tab the payment is approved alone at the bank, and the bank's way back to the app is
  // lost (the window closed after the approval): the app still has the payment waiting.
  const otherTab = await context.newPage();
  const lostReturns: string[] = [];
  try {
    await otherTab.goto((await rowOf(page, approved).getByRole("link").getAttribute("href")) ?? "");
    await expect(paymentStatus(otherTab)).toContainText(statusText("Received", "RCVD"));
    // The bank's answer to the approval is a redirect to /callback: it never reaches the browser.
    await otherTab.route(
      (url) => onBank(url),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        const location = response.headers()["location"] ?? "";
        if (!location.includes("/callback")) return route.fulfill({ response });
        lostReturns.push(location);
        return route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<!doctype html><title>Closed</title><p>The window was closed.</p>",
        });
      },
    );
    await otherTab.getByRole("button", { name: "Approve at the bank" }).click();
    await decideAtBank(otherTab, {
      nationalId: INGRID,
      expect: async (bank) => expect(bank.getByRole("article").getByRole("heading", { name: approved.name })).toBeVisible(),
    });
    await expect.poll(() => lostReturns.length).toBe(1);
    expect(new URL(lostReturns[0] ?? "").searchParams.get("psu-id")).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    // The interception ends first: a handler still at work (a late request of the bank's page) would hold the tab's close.
    await otherTab.unrouteAll({ behavior: "ignoreErrors" });
    await otherTab.close();
  }

  // This tab still offers it: ticked with another, the bank refuses the basket.
  await signTogetherRefused(page, [approved, other]);
  const refusal = page.getByRole("alert").filter({ hasText: "The bank refused the basket (HTTP 409)" });
  // The bank names the payment (paymentIds[i]): the page names its recipient, and gives the bank's words.
  await expect(refusal).toContainText(
    `${approved.name}: already in another signing basket, or already approved, so it cannot be signed again. Untick it and sign the others.`,
  );
  await expect(refusal).toContainText(/The bank says: paymentIds\[\d\] \S+ is ACTC: only payments in RCVD can be put in a basket/);
  await expect(refusal).not.toContainText(other.name);
  await expect(refusal).toContainText(/X-Request-ID [0-9a-f-]{36}/);
  await expect(page).toHaveURL(`${appUrl}/payments`);
  // The ticks stay as the count says, for the user to untick the one refused.
  for (const payment of [approved, other]) await expect(tick(page, payment)).toBeChecked();
  await expect(page.getByText("2 of at most 10 ticked.")).toBeVisible();
  await shoot(page, "baskets-07-payments-bank-409", { phone: true });
  await a11y(page, "payments, the bank's 409");

  // Read again: the payment is approved (the bank says so now), the other still waits, in no basket.
  await page.goto("/payments");
  await expectRowStatus(rowOf(page, approved), "Approved", "ACTC");
  await expect(tick(page, approved)).toBeDisabled();
  await expect(tick(page, other)).toBeEnabled();
  await expect(page.getByRole("region", { name: "Signing baskets" }).getByRole("link")).toHaveCount(basketsBefore);
});
