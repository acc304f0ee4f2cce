/**
 * The TPP app's payments end to end in Chromium, where they do not simply go through: a payment
 * short of funds rejected at the batch run, an approval cancelled at the bank, a payment deleted
 * before its approval and one the bank will not cancel once scheduled (405), a logical duplicate
 * sent anyway, errors on the form's fields (the form's own, before any request, and the bank's
 * 400), two payments approved from two tabs at once, and the list of payments with its filters.
 * Each page is kept as a screenshot at desktop and phone width and checked with axe.
 *
 * The sandbox clock is stopped while each test runs (no scheduled batch run settles a payment
 * between two steps; the test runs the batch itself) and runs on afterwards. Each test opens a page
 * of its own on the worker's connection of the demo user as Ingrid (e2e/support/fixtures.ts); the
 * list's test finds the payments the others made, or makes them itself when run alone.
 *
 * @see docs/tpp-app.md#a-payment-from-the-form-to-the-booked-transaction, docs/tpp-app.md#approvals-and-the-callback; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import type { Locator, Page, Request } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import {
  addDays,
  bankAmount,
  chooseProductAndKind,
  decideAtBank,
  errorsOf,
  fillTransfer,
  KARI,
  kariAddress,
  KID_REQUIRED_BBAN,
  kr,
  landOnPaymentPage,
  paymentStatus,
  runBatch,
  sandboxToday,
  statusText,
  submitPayment,
  type Transfer,
  uniqueAmount,
} from "./support/payments";
import { appUrl, INGRID, onBank, shoot } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox clock frozen, batch runs and the known customers' accounts");

// The demo user connected as Ingrid (the worker's connection), the clock stopped while each test runs.
test.use({ demoUserSession: "connected", frozenClock: true });

const a11y = (page: Page, name: string) => expectNoSeriousA11yViolations(page, name);

/** What the tests keep for the list's test (e2e/support/fixtures.ts `keep`, `once`). */
const MADE = {
  /** The amount of the payment rejected for lack of funds. */
  fundsAmount: "tpp-payments-outcomes: the amount short of funds",
  /** The payment cancelled before its approval. */
  deleted: "tpp-payments-outcomes: the payment deleted",
  /** The payment sent twice. */
  duplicate: "tpp-payments-outcomes: the duplicate",
} as const;

/** A Norwegian transfer to Kari from Ingrid's main account (the form's first), as a user fills it in. */
async function fillDomestic(page: Page, overrides: Partial<Transfer> = {}): Promise<Transfer> {
  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  await expect(page.getByLabel("Pay from").locator("option:checked")).toHaveText(/^Brukskonto · /);
  const transfer: Transfer = {
    name: KARI.name,
    account: KARI.bban,
    address: kariAddress,
    amount: uniqueAmount(),
    message: "E2E",
    ...overrides,
  };
  await fillTransfer(page, transfer);
  return transfer;
}

/** The payment page's title: its amount and recipient. */
const title = (page: Page) => page.getByRole("heading", { level: 1 });

/** A payment far beyond Brukskonto's funds, approved, then rejected at the batch run; the page left on it. Returns its amount. */
async function payBeyondFunds(page: Page): Promise<string> {
  const amount = (9_000_000 + Number(uniqueAmount())).toFixed(2);
  await fillDomestic(page, { amount, name: "Hytte på Hvaler AS", message: "Kjøpesum hytte" });
  await submitPayment(page);
  await decideAtBank(page, {
    nationalId: INGRID,
    expect: async (bank) => expect(bank.getByRole("article")).toContainText(bankAmount(amount)),
  });
  await landOnPaymentPage(page);
  // The bank checks the funds at its batch run, not at the approval.
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
  await runBatch();
  await expect(paymentStatus(page)).toContainText(statusText("Rejected", "RJCT"), { timeout: 20_000 });
  return amount;
}

/** A payment sent to the bank and left there unapproved, found on /payments and cancelled from its page; the page left on it. */
async function payAndCancelBeforeApproval(page: Page): Promise<Transfer> {
  const transfer = await fillDomestic(page, { name: "Ola Nordmann", message: "Angrer" });
  await submitPayment(page);
  await page.waitForURL(onBank);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Log in|Approve payment)$/);
  // The user leaves the bank without approving and finds the payment in the app.
  await page.goto("/payments");
  const row = page
    .getByRole("list", { name: "Payments" })
    .getByRole("listitem")
    .filter({ hasText: "Ola Nordmann" })
    .filter({ hasText: kr(transfer.amount) });
  await expect(row).toContainText(statusText("Received", "RCVD"));
  await row.getByRole("link").first().click();
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Received", "RCVD"));
  await expect(page.getByRole("button", { name: "Approve at the bank" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expect(paymentStatus(page)).toContainText(statusText("Cancelled", "CANC"));
  return transfer;
}

/**
 * A payment approved, then the same again within 10 minutes: the bank's question on the form
 * (`prompted` sees it), Send anyway, approved too. The page is left on the second payment.
 */
async function payTwice(page: Page, prompted: (prompt: Locator) => Promise<void> = async () => {}): Promise<Transfer> {
  const first = await fillDomestic(page, { name: "Per Hansen", message: "Dugnad" });
  await submitPayment(page);
  await decideAtBank(page, { nationalId: INGRID });
  const firstPath = await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));

  await fillDomestic(page, first);
  await submitPayment(page);
  const prompt = page.getByRole("alert").filter({ hasText: "Send anyway?" });
  await expect(prompt).toContainText("Send this one too only if you mean to pay twice.");
  await expect(page).toHaveURL(`${appUrl}/payments/new`);
  await prompted(prompt);
  await prompt.getByRole("button", { name: "Send anyway" }).click();
  await decideAtBank(page, {
    nationalId: INGRID,
    expect: async (bank) => expect(bank.getByRole("article")).toContainText(bankAmount(first.amount)),
  });
  const secondPath = await landOnPaymentPage(page);
  expect(secondPath).not.toBe(firstPath);
  return first;
}

/** What the list's test needs of the others: kept by them, or made now (the test run alone). */
async function madeByTheOthers(page: Page, made: MadeEarlier): Promise<{ fundsAmount: string; deleted: Transfer; duplicate: Transfer }> {
  return {
    fundsAmount: await once(made, MADE.fundsAmount, () => payBeyondFunds(page)),
    deleted: await once(made, MADE.deleted, () => payAndCancelBeforeApproval(page)),
    duplicate: await once(made, MADE.duplicate, () => payTwice(page)),
  };
}

test("a payment short of funds is rejected at the batch run, and the page says why", async ({ page, madeEarlier }) => {
  const amount = await payBeyondFunds(page);
  const why = page.getByRole("alert").filter({ hasText: "Rejected: not enough money on the account" });
  await expect(why).toContainText("did not have enough money available (the bank reported fundsAvailable: false)");
  await expect(why).toContainText("3800 15 74202");
  await expect(page.getByRole("list", { name: "Status history" })).toContainText("funds available: no");
  await shoot(page, "40-payment-rejected-funds", { phone: true });
  await a11y(page, "payment, rejected for funds");
  keep(madeEarlier, MADE.fundsAmount, amount);
});

test("an approval cancelled at the bank: back on the payment's page, rejected, with the reason", async ({ page }) => {
  const transfer = await fillDomestic(page, { message: "Avbrutt" });
  await submitPayment(page);
  await decideAtBank(page, { nationalId: INGRID, decision: "Cancel" });
  await landOnPaymentPage(page);
  await expect(title(page)).toHaveText(`${kr(transfer.amount)} to ${KARI.name}`);
  await expect(paymentStatus(page)).toContainText(statusText("Rejected", "RJCT"));
  const failure = page.getByRole("alert").filter({ hasText: "A payment whose approval failed is rejected by the bank" });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("SCA_INVALID");
  // The bank does not show a domestic payment it never approved: the page says so.
  await expect(page.getByRole("note").filter({ hasText: "a known issue of its interface" })).toContainText(
    "from its report that the approval failed",
  );
  await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
  await shoot(page, "41-payment-sca-cancelled", { phone: true });
  await a11y(page, "payment, approval cancelled");
});

test("a payment left at the bank unapproved is cancelled from its page (DELETE)", async ({ page, madeEarlier }) => {
  const transfer = await payAndCancelBeforeApproval(page);
  await expect(page.getByRole("status").filter({ hasText: "The bank cancelled the payment" })).toHaveText(
    "The bank cancelled the payment. No money will move.",
  );
  await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
  await shoot(page, "42-payment-cancelled", { phone: true });
  await a11y(page, "payment, cancelled");
  keep(madeEarlier, MADE.deleted, transfer);
});

test("a payment scheduled for a later date (PDNG): the bank refuses to cancel it (405), and the page says why", async ({ page }) => {
  const date = addDays(await sandboxToday(), 5);
  const transfer = await fillDomestic(page, { message: "Senere" });
  await page.getByLabel("Payment date (optional)").fill(date);
  await submitPayment(page);
  await decideAtBank(page, {
    nationalId: INGRID,
    expect: async (bank) => expect(bank.getByRole("article")).toContainText(bankAmount(transfer.amount)),
  });
  await landOnPaymentPage(page);
  await expect(paymentStatus(page)).toContainText(statusText("Scheduled", "PDNG"));
  await page.getByRole("button", { name: "Cancel payment" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "The bank did not cancel the payment (HTTP 405)." });
  await expect(refusal).toContainText("once it is scheduled for a later date (PDNG) or finished, the bank no longer allows it");
  await expect(refusal).toContainText("The bank says:");
  await expect(refusal).toContainText(/X-Request-ID [0-9a-f-]{36}/);
  await expect(paymentStatus(page)).toContainText(statusText("Scheduled", "PDNG"));
  await shoot(page, "43-payment-scheduled-405", { phone: true });
  await a11y(page, "payment, scheduled, cancel refused");
});

test("the same payment twice within 10 minutes: the bank asks, Send anyway, and it goes through", async ({ page, madeEarlier }) => {
  const first = await payTwice(page, async () => {
    await shoot(page, "44-form-duplicate", { phone: true });
    await a11y(page, "new payment, duplicate prompt");
  });
  await expect(title(page)).toHaveText(`${kr(first.amount)} to Per Hansen`);
  await expect(paymentStatus(page)).toContainText(statusText("Approved", "ACTC"));
  keep(madeEarlier, MADE.duplicate, first);
});

test("errors on the form: the form's own as the user types, before any request, and the bank's 400 on its field", async ({ page }) => {
  await page.goto("/inspector?path=%2Fv1%2Fpayments");
  const calls = page.getByRole("table", { name: "Calls to the bank, newest first" }).locator("tbody tr");
  const newestCallBefore = await calls.first().getByRole("link").getAttribute("href");

  await page.goto("/payments/new");
  await chooseProductAndKind(page, "Norwegian transfer", "One payment");
  const posts: Request[] = [];
  const recordPost = (request: Request) => {
    if (request.method() === "POST") posts.push(request);
  };
  page.on("request", recordPost);
  const account = page.getByLabel("Recipient's account number");
  await account.fill("86011117948");
  await expect(account).toHaveAttribute("aria-invalid", "true");
  await expect(await errorsOf(account)).toContainText("Recipient's account number has a wrong check digit (MOD11)");
  const amount = page.getByLabel("Amount", { exact: true });
  await amount.fill("12.345");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(await errorsOf(amount)).toContainText("Amount has 3 fraction digits; NOK amounts have exactly 2");
  await page.getByLabel("Recipient's name").fill(KARI.name);
  await shoot(page, "45-form-errors", { phone: true });
  await a11y(page, "new payment, field errors");
  // Nothing was sent: no Server Action posted, the page stayed, and the bank saw no new payment call.
  page.off("request", recordPost);
  expect(posts.map((request) => request.url())).toEqual([]);
  await expect(page).toHaveURL(`${appUrl}/payments/new`);
  await page.goto("/inspector?path=%2Fv1%2Fpayments");
  expect(await calls.first().getByRole("link").getAttribute("href")).toBe(newestCallBefore);

  // The bank's own rule: Amalie Berg's account takes payments with a KID only.
  const transfer = await fillDomestic(page, { name: "Bergstrand Arkitekter AS", account: KID_REQUIRED_BBAN, message: "Faktura 1187" });
  await submitPayment(page);
  await expect(page.getByRole("alert").filter({ hasText: "The bank refused the payment (HTTP 400)" })).toContainText("KID_MISSING");
  await expect(page).toHaveURL(`${appUrl}/payments/new`);
  // On the choice between a message and a KID, the field that offers the KID.
  const remittance = page.getByRole("radiogroup", { name: "Message or KID" });
  await expect(remittance).toHaveAttribute("aria-invalid", "true");
  await expect(remittance).toHaveAttribute("aria-describedby", /-error$/);
  await expect(remittance).toContainText("only takes payments with a KID: choose KID");
  await expect(remittance).toContainText("KID_MISSING");
  // The values stay for the user to correct.
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue(transfer.amount);
  await shoot(page, "46-form-bank-error", { phone: true });
  await a11y(page, "new payment, the bank's error");
});

test("two payments approved from two tabs at once each land on their own page", async ({ context, page }) => {
  const tab1 = page;
  const tab2 = await context.newPage();
  try {
    // No login kept at the bank: each tab meets the bank's login page.
    await context.clearCookies({ name: "bank_session" });
    const a = await fillDomestic(page, { name: "Astrid Berg", message: "Fane en" });
    await submitPayment(tab1);
    await tab1.waitForURL(onBank);
    await expect(tab1.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();

    const b: Transfer = { name: "Bjørn Dahl", account: "15032080119", address: kariAddress, amount: uniqueAmount(), message: "Fane to" };
    await tab2.goto("/payments/new");
    await chooseProductAndKind(tab2, "Norwegian transfer", "One payment");
    await fillTransfer(tab2, b);
    await submitPayment(tab2);
    await tab2.waitForURL(onBank);
    await expect(tab2.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();

    // A return from the bank that names no flow, while two approvals wait: the app cannot tell
    // whose it is, refuses it and changes nothing.
    const stray = await context.newPage();
    await stray.goto(`/callback?psu-id=0b0e5bde-1f6c-4c55-9b7a-6a3f0f6c9e01&tpp-session-id=stray&context=PRIVATE`);
    await expect(stray.getByRole("heading", { level: 1, name: "No approval was in progress" })).toBeVisible();
    await expect(stray.getByText("Nothing was changed.")).toBeVisible();
    await shoot(stray, "49-callback-refused", { phone: true });
    await expectNoSeriousA11yViolations(stray, "callback refused");
    await stray.close();

    // B first, then A: each bank page shows its own payment, each tab comes back to its own.
    await decideAtBank(tab2, {
      nationalId: INGRID,
      expect: async (bank) => {
        await expect(bank.getByRole("article").getByRole("heading", { name: b.name })).toBeVisible();
        await expect(bank.getByRole("article")).toContainText(bankAmount(b.amount));
      },
    });
    const pathB = await landOnPaymentPage(tab2);
    await decideAtBank(tab1, {
      nationalId: INGRID,
      expect: async (bank) => {
        await expect(bank.getByRole("article").getByRole("heading", { name: a.name })).toBeVisible();
        await expect(bank.getByRole("article")).toContainText(bankAmount(a.amount));
      },
    });
    const pathA = await landOnPaymentPage(tab1);
    expect(pathA).not.toBe(pathB);
    await expect(tab2.getByRole("heading", { level: 1 })).toHaveText(`${kr(b.amount)} to ${b.name}`);
    await expect(paymentStatus(tab2)).toContainText(statusText("Approved", "ACTC"));
    await expect(tab1.getByRole("heading", { level: 1 })).toHaveText(`${kr(a.amount)} to ${a.name}`);
    await expect(paymentStatus(tab1)).toContainText(statusText("Approved", "ACTC"));
    // Neither approval told as failed: no failure in either address, no failure notice on either page
    // (a transient bank error on a page's own read under load is another alert, and not this test's).
    for (const tab of [tab1, tab2]) {
      expect(new URL(tab.url()).searchParams.has("scaFailed"), tab.url()).toBe(false);
      await expect(tab.locator("[aria-labelledby='sca-failure']")).toHaveCount(0);
    }
  } finally {
    await tab2.close();
  }
});

test("the list of payments: filtered by status and by product, each with amount, recipient, status and when it was read", async ({
  page,
  madeEarlier,
}) => {
  const made = await madeByTheOthers(page, madeEarlier);
  await page.goto("/payments");
  const list = page.getByRole("list", { name: "Payments" });
  const rows = list.getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row).toContainText(/\d,\d\d\s(kr|[A-Z]{3})/);
    await expect(row).toContainText(/(Received|Scheduled|Approved|Accepted|Being paid|Paid|Rejected|Cancelled)\s*[A-Z]{4}/);
    await expect(row).toContainText(/read \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d:\d\d/);
  }
  const duplicates = rows.filter({ hasText: "Per Hansen" }).filter({ hasText: kr(made.duplicate.amount) });
  await expect(duplicates).toHaveCount(2);
  await shoot(page, "47-payments", { phone: true });
  await a11y(page, "payments");

  await page.getByLabel("Status").selectOption("RJCT");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]status=RJCT/);
  await expect(rows.filter({ hasText: "Hytte på Hvaler AS" }).filter({ hasText: kr(made.fundsAmount) })).toHaveCount(1);
  for (const row of await rows.all()) await expect(row).toContainText(statusText("Rejected", "RJCT"));

  await page.getByLabel("Status").selectOption("CANC");
  await page.getByLabel("Product").selectOption("norwegian-domestic-credit-transfers");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/status=CANC&product=norwegian-domestic-credit-transfers/);
  await expect(rows.filter({ hasText: "Ola Nordmann" }).filter({ hasText: kr(made.deleted.amount) })).toHaveCount(1);
  for (const row of await rows.all()) {
    await expect(row).toContainText(statusText("Cancelled", "CANC"));
    await expect(row).toContainText("Norwegian transfer ·");
  }
  await shoot(page, "48-payments-filtered", { phone: true });

  // No SEPA payment was ever cancelled: nothing matches.
  await page.getByLabel("Product").selectOption("sepa-credit-transfers");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No payments match")).toBeVisible();
  await expect(list).toHaveCount(0);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(`${appUrl}/payments`);
  await expect(duplicates).toHaveCount(2);
});
