/**
 * Every page of the app and of the sandbox bank, each checked at 1280 and 390 px (checkPage): axe's
 * WCAG 2 A and AA rules failing on serious or critical, every piece of content inside a
 * landmark, no sideways scrolling, no table cell running over the next one. The pages are
 * reached as a user reaches them: the app's through its own flows (a consent, a payment, a
 * signing basket, each approved at the bank), the bank's SCA pages through those flows and
 * through the signed TPP client of the specs (its login and the login's error, the context of a
 * corporate customer, the consent, the approval in the bank's app, its message pages), and its
 * developer pages (the portal, an issued certificate, /docs) directly.
 *
 * The app's pages are checked on the worker's connection of the demo user as Ingrid
 * (e2e/support/fixtures.ts), each test on its own; the payments made here are approved (none is
 * left waiting for a basket) and of a few kroner.
 *
 * @see docs/tpp-app.md#the-pages, docs/sandbox-bank.md#the-sandbox-bank
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { scaRedirectResponseSchema } from "../lib/psd2/schemas";
import { checkPage } from "./support/page-checks";
import {
  chooseProductAndKind,
  decideAtBank,
  fillTransfer,
  KARI,
  kariAddress,
  landOnPaymentPage,
  sendToApproveLater,
  type Transfer,
} from "./support/payments";
import { bankUrl, createSignedBankClient } from "./support/signed-bank-client";
import { startTppCallbackServer, type TppCallbackServer } from "./support/tpp-callback-server";
import { appUrl, CARD, INGRID, logInAtBank, MAIN, SINDRE } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox bank's own pages (portal, docs), its known customers and the control room");

const bank = createSignedBankClient();

// A few kroner each, of this run's own (the bank refuses the same payment within 10 minutes as a duplicate).
let cents = Math.floor(Date.now() / 1000) % 700;
function smallAmount(): string {
  cents += 1;
  return `${Math.floor(cents / 100) + 2}.${String(cents % 100).padStart(2, "0")}`;
}

test("signed out: the landing page, sign-in, not found and an address that cannot be read", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Integrate with a Norwegian PSD2 bank" })).toBeVisible();
  await checkPage(page, "landing");
  await page.goto("/signin");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await checkPage(page, "sign-in");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await checkPage(page, "not found");
  await page.goto("/accounts/%E0%A4%A");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await checkPage(page, "malformed address");
});

test("the bank's developer pages: the portal, its form's errors, an issued certificate, /docs", async ({ page }) => {
  await page.goto(new URL("/portal", bankUrl).href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkPage(page, "bank portal");
  await page.getByRole("button", { name: "Issue certificate and key" }).click();
  await expect(page.getByLabel("Organisation name")).toHaveAttribute("aria-invalid", "true");
  await checkPage(page, "bank portal, the form's errors");
  await page.getByLabel("Organisation name").fill("Tilgjengelig TPP AS");
  await page.getByLabel("Organisation id").fill(`PSDNO-FSA-${String(Date.now()).slice(-6)}`);
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Issue certificate and key" }).click();
  await expect(page.getByText("BEGIN CERTIFICATE").first()).toBeVisible();
  await checkPage(page, "bank portal, certificate issued");
  await page.goto(new URL("/docs", bankUrl).href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Some 20,000 elements: axe's color-contrast rule once, where the phone's width shows the same colours.
  await checkPage(page, "bank docs", { contrastOnce: true });
});

test.describe("the bank's SCA pages through the signed client", () => {
  let tpp: TppCallbackServer;
  test.beforeAll(async () => {
    tpp = await startTppCallbackServer();
  });
  test.afterAll(async () => {
    await tpp.close();
  });

  async function startConsent(headers: Record<string, string> = {}): Promise<string> {
    const reply = await bank.post(
      "/v1/consents",
      {},
      { "TPP-Session-ID": `e2e-a11y-${Date.now()}`, "TPP-Redirect-URI": `${tpp.url}?flow=a11y`, ...headers },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return scaRedirectResponseSchema.parse(reply.body)._links.scaRedirect.href;
  }

  test("login, its error, consent, the context, the approval in the app, and the message pages", async ({ page }) => {
    const link = await startConsent();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await checkPage(page, "bank login");
    await page.getByLabel("National identity number").fill("01010100000");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toContainText("We found no customer");
    await checkPage(page, "bank login, a wrong number");
    await logInAtBank(page, INGRID);
    await expect(page.getByRole("heading", { level: 1, name: "Choose accounts to share" })).toBeVisible();
    await checkPage(page, "bank consent");
    await page.getByRole("checkbox", { name: MAIN }).check();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => url.href.startsWith(tpp.url));
    const psuId = new URL(page.url()).searchParams.get("psu-id") ?? "";
    expect(psuId).toMatch(/^[0-9a-f-]{36}$/);

    // The link is spent: a message page; an unknown one another.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This link has already been used" })).toBeVisible();
    await checkPage(page, "bank message, link used");
    await page.goto(new URL("/sca/no-such-approval?token=x", bankUrl).href);
    await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
    await checkPage(page, "bank message, link not valid");

    // The approval in the bank's app, for a known PSU (TPP-Redirect-Preferred false).
    await page.goto(await startConsent({ "PSU-ID": psuId, "TPP-Redirect-Preferred": "false" }));
    await expect(page.getByRole("heading", { level: 1, name: "Approve in your mobile app" })).toBeVisible();
    await checkPage(page, "bank approval in the app");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.href.startsWith(tpp.url));

    // A corporate customer chooses who they act for.
    await page.goto(await startConsent());
    await logInAtBank(page, SINDRE);
    await expect(page.getByRole("heading", { level: 1, name: "Who are you acting for?" })).toBeVisible();
    await checkPage(page, "bank context");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.href.startsWith(tpp.url));
  });
});

test.describe("the app's pages, signed in, with a bank connected, a payment and a signing basket", () => {
  // Each test on a page of its own, the demo user connected as Ingrid with her three accounts
  // (the worker's connection: e2e/support/fixtures.ts).
  test.use({ demoUserSession: "connected" });

  test("home, accounts, an account, a transaction, a card, corporate, settings", async ({ page }) => {
    await page.goto("/accounts");
    await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
    await checkPage(page, "accounts");

    await page.getByRole("link", { name: MAIN }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Brukskonto" })).toBeVisible();
    await checkPage(page, "account");
    await page.getByRole("table", { name: "Booked transactions" }).locator("tbody tr").first().getByRole("link").click();
    await expect(page.locator("dl[aria-label='Transaction details']")).toBeVisible();
    await checkPage(page, "transaction");

    await page.goto("/accounts");
    await page.getByRole("link", { name: CARD }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mastercard Gold" })).toBeVisible();
    await page.getByRole("link", { name: "12 months" }).click();
    await expect(
      page
        .getByRole("table", { name: /^Booked card transactions/ })
        .locator("tbody tr")
        .first(),
    ).toBeVisible();
    await checkPage(page, "card account");

    for (const [path, heading] of [
      ["/corporate", /./],
      ["/settings", "Settings"],
      ["/", "Your bank connection"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await checkPage(page, path === "/" ? "home, connected" : path.slice(1));
    }
    await page.goto(
      "/callback/failed?reason=bank&system=SCA&status=401&code=SCA_INVALID&message=The+PSU+cancelled&retry=%2Fconnect%3FreturnTo%3D%252Faccounts",
    );
    // Written here, not by the app: the page says so and shows none of it (the real failure page is checked in tpp-pages).
    await expect(page.getByRole("heading", { level: 1, name: "This address was not made by the app" })).toBeVisible();
    await expect(page.getByText("The PSU cancelled")).toHaveCount(0);
    await checkPage(page, "callback failed, an address not the app's");
  });

  /** The payment form filled in for a Norwegian transfer to Kari from Brukskonto. */
  async function fillPayment(page: Page, transfer: Transfer): Promise<void> {
    await page.goto("/payments/new");
    await chooseProductAndKind(page, "Norwegian transfer", "One payment");
    await expect(page.getByLabel("Pay from").locator("option:checked")).toHaveText(/^Brukskonto · /);
    await fillTransfer(page, transfer);
  }

  test("a payment: the form, the bank's approval page, the payment's page", async ({ page }) => {
    await page.goto("/payments/new");
    await expect(page.getByRole("heading", { level: 1, name: "New payment" })).toBeVisible();
    await checkPage(page, "new payment");
    await fillPayment(page, {
      name: KARI.name,
      account: KARI.bban,
      address: kariAddress,
      amount: smallAmount(),
      message: "Tilgjengelighet",
    });
    await page.getByRole("button", { name: "Continue to approve" }).click();
    await decideAtBank(page, { nationalId: INGRID, expect: (bankPage) => checkPage(bankPage, "bank payment approval") });
    await landOnPaymentPage(page);
    await checkPage(page, "payment");
  });

  test("a signing basket: payments kept for later, the list ticked, the bank's basket approval, the basket's page", async ({ page }) => {
    const payments = [0, 1].map((index): Transfer => ({
      name: `Tilgjengelig ${index + 1} AS`,
      account: KARI.bban,
      address: kariAddress,
      amount: smallAmount(),
      message: "Kurv",
    }));
    for (const payment of payments) {
      await fillPayment(page, payment);
      await sendToApproveLater(page);
    }
    await checkPage(page, "payments");
    for (const payment of payments) await page.getByRole("checkbox", { name: new RegExp(`^Sign together: ${payment.name},`) }).check();
    await page.getByRole("button", { name: "Sign together (2)", exact: true }).click();
    await decideAtBank(page, { nationalId: INGRID, expect: (bankPage) => checkPage(bankPage, "bank basket approval") });
    await page.waitForURL(new RegExp(`^${appUrl.replace(/[.]/g, "\\.")}/baskets/[0-9a-f-]{36}`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkPage(page, "basket");
  });

  test("the request inspector, a call, the flows, a flow, the presenter view, the sandbox control room", async ({ page }) => {
    await page.goto("/inspector");
    const calls = page.getByRole("table", { name: "Calls to the bank, newest first" });
    await expect(calls.getByRole("link").first()).toBeVisible();
    await checkPage(page, "inspector");
    await calls.getByRole("link").first().click();
    await expect(page.getByLabel("curl command")).toBeVisible();
    await checkPage(page, "inspector call");
    await page.goto("/flows");
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page.getByRole("img").first()).toBeVisible();
    await checkPage(page, "flow");
    await page.goto("/flows");
    await checkPage(page, "flows");
    await page.goto("/presenter");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkPage(page, "presenter");
    await page.goto("/sandbox");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkPage(page, "sandbox control room");
  });
});
