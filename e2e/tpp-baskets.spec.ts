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
 * The specs share one app and one bank, in file-name order. This one expects what the specs
 * before it leave (bank-*, home: the demo user unconnected; the clock running at the real time)
 * and leaves the same for tpp-flows and tpp-pages after it (tpp-pages starts from "No bank
 * connected yet"): the bank connection it makes (Ingrid, Brukskonto and Sparekonto shared) is
 * forgotten at the end when the demo user had none before. The sandbox clock is stopped while it
 * runs (no scheduled batch run settles a payment between two steps; the spec runs the batch
 * itself) and runs on afterwards. It leaves payments of Ingrid's behind: a few single payments
 * waiting for approval (RCVD, in no basket), a repeating one waiting (RCVD), two baskets (one RJCT
 * and settled, one ACTC whose payments later batch runs pay) and one payment ACTC; small amounts
 * from Brukskonto, which keeps enough for the specs after it.
 *
 * @see docs/tpp-app.md#the-pages (/payments, /baskets/{id}), docs/sandbox-bank.md#payments (signing baskets); docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { connectIngrid, useSignedInPage } from "./support/signed-in-page";
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
import { appUrl, INGRID, MAIN, onBank, SAVINGS, shoot } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox clock frozen, batch runs and the known customers' accounts");

test.describe.configure({ mode: "serial" });

/** The demo user signed in, the clock stopped; with no bank connection after this spec when it had none before. */
const session = useSignedInPage({ frozenClock: true, restoreConnection: true });
let context: BrowserContext;
let page: Page;
/** Ingrid's Brukskonto as the app shows it: its page, and the most it may hold (available, expected, booked). */
const main = { path: "", mostHeld: 0 };

/** The payments this spec keeps waiting for approval, by their part in it. */
const kept = new Map<string, Transfer>();

const BASKET_PAGE = new RegExp(`^${appUrl.replace(/[.]/g, "\\.")}/baskets/[0-9a-f-]{36}$`);

test.beforeAll(async () => {
  ({ context, page } = session);
  // Ingrid, in her private context, with both her accounts shared (whoever was connected before).
  await connectIngrid(page, [MAIN, SAVINGS]);
  const account = page.getByRole("link", { name: MAIN });
  main.path = (await account.getAttribute("href")) ?? "";
  expect(main.path).toMatch(/^\/accounts\/[\w-]+$/);
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
  main.mostHeld = Math.max(...figures);
});

const a11y = (name: string, on: Page = page) => expectNoSeriousA11yViolations(on, name);
const paymentRows = (on: Page = page) => on.getByRole("list", { name: "Payments" }).getByRole("listitem");
/** A payment's checkbox on /payments, by its accessible name: "Sign together: <recipient>, <amount>". */
const tick = (transfer: Transfer, on: Page = page) =>
  on.getByRole("checkbox", { name: `Sign together: ${transfer.name}, ${kr(transfer.amount)}`, exact: true });
const rowOf = (transfer: Transfer, on: Page = page) =>
  paymentRows(on)
    .filter({ hasText: transfer.name })
    .filter({ hasText: kr(transfer.amount) });
/** The basket's status under the basket page's title. */
const basketStatus = () => page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]");
const basketPayments = () => page.getByRole("region", { name: "Payments in the basket" }).getByRole("listitem");
const basketRow = (transfer: Transfer) => basketPayments().filter({ hasText: transfer.name });

/** A Norwegian transfer from Brukskonto to Kari's account under another name, as a user fills it in. */
function transfer(part: string, name: string, message: string, amount = uniqueAmount()): Transfer {
  const made: Transfer = { name, account: KARI.bban, address: kariAddress, amount, message };
  kept.set(part, made);
  return made;
}
function made(part: string): Transfer {
  const found = kept.get(part);
  if (found === undefined) throw new Error(`no payment "${part}" was made`);
  return found;
}

/** Fills the form with a single payment and keeps it at the bank, waiting ("Later, together with other payments"). */
async function keepForLater(payment: Transfer): Promise<void> {
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  await expect(page.getByLabel("Pay from").locator("option:checked")).toHaveText(/^Brukskonto · /);
  await fillTransfer(page, payment);
  await sendToApproveLater(page);
  await expect(
    page.getByRole("status").filter({ hasText: `The bank has the payment to ${payment.name}, waiting for your approval.` }),
  ).toBeVisible();
}

/** Ticks payments on /payments and signs them together: the browser goes to the bank. */
async function signTogether(payments: Transfer[]): Promise<void> {
  for (const payment of payments) await tick(payment).check();
  await page.getByRole("button", { name: `Sign together (${payments.length})`, exact: true }).click();
  await page.waitForURL(onBank);
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

test("a payment kept to be approved later: the bank has it waiting, and /payments offers it for a basket", async () => {
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  const when = page.getByRole("group", { name: "When to approve" });
  await expect(when.getByRole("radio", { name: "Now, at the bank" })).toBeChecked();
  const first = transfer("basket-1", "Hafslund Strøm AS", "Strøm november");
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
  await expectRowStatus(rowOf(first), "Received", "RCVD");
  await expect(tick(first)).toBeEnabled();
  await expect(tick(first)).not.toBeChecked();
  await expect(page.getByText("0 of at most 10 ticked.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign together", exact: true })).toBeDisabled();

  // Its page: waiting for approval, and the approval offered.
  await rowOf(first).getByRole("link").click();
  await expect(paymentStatus(page)).toContainText(statusText("Received", "RCVD"));
  await expect(page.getByRole("button", { name: "Approve at the bank" })).toBeVisible();
});

test("at most 10 in a basket: the 11th cannot be ticked, a repeating payment never (REFERENCE_MIX_INVALID), and the page says why", async () => {
  // Ten more single payments kept waiting: eleven in all.
  const more = [
    transfer("basket-2", "Skiklubben Fjell", "Sesongkort"),
    // More than Brukskonto holds: the bank rejects it at its batch run.
    transfer("basket-short", "Bilsenteret Vest AS", "Kjøpesum bil", `${Math.ceil(main.mostHeld) + 10_000}.00`),
    transfer("unfinished-1", "Tannlege Berg", "Kontroll"),
    transfer("unfinished-2", "Frisør Lund", "Klipp"),
    transfer("stale-1", "Barnehagen Solsikken", "Foreldrebetaling"),
    transfer("stale-2", "Idrettslaget Rapp", "Treningsavgift"),
    transfer("spare-1", "Fjordvarme AS", "Fjernvarme"),
    transfer("spare-2", "Sjøbad Andelslag", "Andel"),
    transfer("spare-3", "Biblioteket Nord", "Purring"),
    transfer("spare-4", "Kulturhuset AS", "Billetter"),
  ];
  for (const payment of more) await keepForLater(payment);

  // A repeating payment, left at the bank unapproved: it waits too (RCVD).
  const repeating = transfer("repeating", "Oslo Tennisklubb", "Kontingent");
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "Repeating payment");
  await fillTransfer(page, {
    ...repeating,
    account: "15032080119",
    address: { street: "Huk aveny", number: "35", postalCode: "0287", city: "Oslo" },
  });
  await page.getByLabel("First payment").fill(addDays(await sandboxToday(), 7));
  await page.getByLabel("How often").selectOption("Monthly");
  // Only a single payment named by the PSU-ID can wait for a basket: no choice of when to approve.
  await expect(page.getByRole("group", { name: "When to approve" })).toHaveCount(0);
  await submitPayment(page);
  await page.waitForURL(onBank);
  await page.goto("/payments");
  await expectRowStatus(rowOf(repeating), "Received", "RCVD");
  await expect(tick(repeating)).toBeDisabled();
  await expect(tick(repeating)).toHaveAccessibleDescription(
    "Not for a basket: Repeating payments cannot be signed in a basket: the bank refuses them (REFERENCE_MIX_INVALID).",
  );
  await expect(rowOf(repeating)).toContainText(
    "Repeating payments cannot be signed in a basket: the bank refuses them (REFERENCE_MIX_INVALID).",
  );

  // Ten of the eleven ticked: the eleventh cannot be, and says why.
  const eleventh = made("basket-1");
  for (const payment of more) await tick(payment).check();
  await expect(page.getByText("10 of at most 10 ticked: a basket holds at most 10 payments, so no more can be ticked.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign together (10)", exact: true })).toBeEnabled();
  await expect(tick(eleventh)).toBeDisabled();
  await expect(tick(eleventh)).toHaveAccessibleDescription("Not for a basket: At most 10 payments in one basket.");
  await expect(rowOf(eleventh)).toContainText("Not for a basket: At most 10 payments in one basket.");
  await shoot(page, "baskets-01-payments-ten-ticked", { phone: true });
  await a11y("payments, ten ticked");

  // One unticked: the eleventh may be ticked again.
  await tick(made("spare-4")).uncheck();
  await expect(page.getByText("9 of at most 10 ticked.")).toBeVisible();
  await expect(tick(eleventh)).toBeEnabled();
  await expect(tick(eleventh)).toHaveAccessibleDescription("");
  await tick(eleventh).check();
  await expect(tick(made("spare-4"))).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign together (10)", exact: true })).toBeEnabled();
});

test("three payments signed with one SCA, one short of funds: after the batch run the basket is RJCT, that one RJCT and the other two paid and booked", async () => {
  const three = [made("basket-1"), made("basket-2"), made("basket-short")];
  await page.goto("/payments");
  await expect(page.getByText("0 of at most 10 ticked.")).toBeVisible();
  for (const payment of three) await tick(payment).check();
  await expect(page.getByText("3 of at most 10 ticked.")).toBeVisible();
  await shoot(page, "baskets-02-payments-three-ticked", { phone: true });
  await signTogether(three);

  // At the bank: one approval, every payment listed with its total.
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, three);
  await shoot(page, "baskets-03-bank-basket-approval", { phone: true });
  await a11y("the bank's basket approval page");
  await decideAtBank(page, { nationalId: INGRID });

  // Back on the basket's page: approved, each payment approved on its own.
  await page.waitForURL(BASKET_PAGE);
  const basketPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("3 payments signed together");
  await expect(basketStatus()).toContainText(statusText("Approved", "ACTC"));
  await expect(basketPayments()).toHaveCount(3);
  for (const payment of three) {
    await expectRowStatus(basketRow(payment), "Approved", "ACTC");
    await expect(basketRow(payment)).toContainText(kr(payment.amount));
  }
  const notAtomic = page.getByRole("region", { name: "One approval, each payment on its own" });
  await expect(notAtomic).toContainText("A signing basket is not all-or-nothing.");
  await expect(notAtomic).toContainText("one can be rejected (for example for lack of funds) while the others are paid");
  await expect(page.getByText("Each payment's status is read from the bank again every 3 seconds until it is final.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Not approved yet" })).toHaveCount(0);
  await shoot(page, "baskets-04-basket-approved", { phone: true });
  await a11y("basket, approved");

  // The bank's batch run: the page, polling, follows without a reload (the marker survives).
  await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  await runBatch();
  await expect(basketStatus()).toContainText(badge("Rejected (at least one)", "RJCT"), { timeout: 20_000 });
  const [first, second, short] = three as [Transfer, Transfer, Transfer];
  await expectRowStatus(basketRow(first), "Paid", "ACSC");
  await expectRowStatus(basketRow(second), "Paid", "ACSC");
  await expectRowStatus(basketRow(short), "Rejected", "RJCT");
  await expect(basketRow(short)).toContainText("Not enough money on the account.");
  await expect(page.getByText("is read from the bank again every 3 seconds")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
  await shoot(page, "baskets-05-basket-rejected", { phone: true });
  await a11y("basket, rejected");

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
  await basketRow(short).getByRole("link", { name: short.name }).click();
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
  for (const payment of three) await expect(tick(payment)).toBeDisabled();
});

test("an approval left unfinished at the bank: the basket waits (RCVD), the bank keeps it, and it is approved from its page", async () => {
  const two = [made("unfinished-1"), made("unfinished-2")];
  await page.goto("/payments");
  await signTogether(two);
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, two);
  // The user leaves the bank without approving and finds the basket in the app.
  await page.goto("/payments");
  for (const payment of two) {
    await expect(tick(payment)).toBeDisabled();
    await expect(tick(payment)).toHaveAccessibleDescription("Not for a basket: Already in a signing basket.");
  }
  const latest = page.getByRole("region", { name: "Signing baskets" }).getByRole("link").first();
  await expect(latest).toContainText("2 payments");
  await expect(latest).toContainText(statusText("Waiting for approval", "RCVD"));
  await latest.click();
  await page.waitForURL(BASKET_PAGE);
  await expect(basketStatus()).toContainText(statusText("Waiting for approval", "RCVD"));
  for (const payment of two) {
    await expectRowStatus(basketRow(payment), "Received", "RCVD");
    // The bank shows no domestic payment before its approval (the known issue): the page says so.
    await expect(basketRow(payment)).toContainText("The bank does not show this domestic payment before its approval");
  }
  // Its approval was started and not finished: the page offers the approval again, or the deletion
  // (the bank deletes a basket while none of its payments is approved).
  const waiting = page.getByRole("region", { name: "Not approved yet" });
  await expect(waiting).toContainText("The approval was started at the bank but not finished");
  await expect(waiting.getByRole("button", { name: "Delete basket" })).toBeVisible();
  await shoot(page, "baskets-06-basket-waiting", { phone: true });
  await a11y("basket, waiting for approval");

  await waiting.getByRole("button", { name: "Approve at the bank" }).click();
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, two);
  await decideAtBank(page, { nationalId: INGRID });
  await page.waitForURL(BASKET_PAGE);
  await expect(basketStatus()).toContainText(statusText("Approved", "ACTC"));
  for (const payment of two) await expectRowStatus(basketRow(payment), "Approved", "ACTC");
  await expect(page.getByRole("region", { name: "Not approved yet" })).toHaveCount(0);
});

test("deleting a basket not yet approved: its payments wait again, outside any basket, and can be ticked", async () => {
  const two = [made("spare-1"), made("spare-2")];
  await page.goto("/payments");
  await signTogether(two);
  await passBankLogin(page, INGRID);
  await expectBasketAtBank(page, two);
  // The user leaves the bank without approving, opens the basket and deletes it.
  await page.goto("/payments");
  await page.getByRole("region", { name: "Signing baskets" }).getByRole("link").first().click();
  await page.waitForURL(BASKET_PAGE);
  await expect(basketStatus()).toContainText(statusText("Waiting for approval", "RCVD"));
  await page.getByRole("region", { name: "Not approved yet" }).getByRole("button", { name: "Delete basket" }).click();
  await page.waitForURL(/\/payments\?basket=deleted$/);
  await expect(page.getByRole("status")).toContainText("The bank deleted the signing basket");
  for (const payment of two) await expect(tick(payment)).toBeEnabled();
  await shoot(page, "baskets-07-basket-deleted", { phone: true });
  await a11y("payments, after a basket was deleted");
});

test("the bank's 409: a payment approved meanwhile, ticked on a stale /payments page, is refused, and the page says why", async () => {
  const [approved, other] = [made("stale-1"), made("stale-2")];
  await page.goto("/payments");
  await expect(tick(approved)).toBeEnabled();
  const basketsBefore = await page.getByRole("region", { name: "Signing baskets" }).getByRole("link").count();

  // In another tab the payment is approved alone at the bank, and the bank's way back to the app is
  // lost (the window closed after the approval): the app still has the payment waiting.
  const otherTab = await context.newPage();
  const lostReturns: string[] = [];
  try {
    await otherTab.goto((await rowOf(approved).getByRole("link").getAttribute("href")) ?? "");
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
  await signTogetherRefused([approved, other]);
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
  for (const payment of [approved, other]) await expect(tick(payment)).toBeChecked();
  await expect(page.getByText("2 of at most 10 ticked.")).toBeVisible();
  await shoot(page, "baskets-07-payments-bank-409", { phone: true });
  await a11y("payments, the bank's 409");

  // Read again: the payment is approved (the bank says so now), the other still waits, in no basket.
  await page.goto("/payments");
  await expectRowStatus(rowOf(approved), "Approved", "ACTC");
  await expect(tick(approved)).toBeDisabled();
  await expect(tick(other)).toBeEnabled();
  await expect(page.getByRole("region", { name: "Signing baskets" }).getByRole("link")).toHaveCount(basketsBefore);
});

/** Ticks payments and signs them together where the bank refuses: the page stays, with the refusal. */
async function signTogetherRefused(payments: Transfer[]): Promise<void> {
  for (const payment of payments) await tick(payment).check();
  await page.getByRole("button", { name: `Sign together (${payments.length})`, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The bank refused the basket" })).toBeVisible();
}
