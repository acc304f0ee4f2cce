/**
 * The sandbox bank's consent SCA, end to end in Chromium: a signed TPP client in this process
 * starts the consent, the browser goes through the bank's pages, the bank redirects to a local
 * stand-in for the TPP, and the client then reads the accounts and pages through the history.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#consent, docs/interface/authentication.md#session-hour, docs/interface/authentication.md#contexts, docs/interface/authentication.md#biometric-flow, docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import { expect, type Page, test } from "@playwright/test";
import { accountsResponseSchema, scaRedirectResponseSchema, transactionsResponseSchema } from "../lib/psd2/schemas";
import { createSignedBankClient } from "./support/signed-bank-client";
import { startTppCallbackServer, type TppCallbackServer } from "./support/tpp-callback-server";
import { captureScreenshot } from "./support/capture-screenshot";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the sandbox bank's known customers and the suite's own TPP key registered at the bank");

const INGRID = "13039319955";
const SINDRE = "18129215603";

let tppServer: TppCallbackServer;
const bank = createSignedBankClient();

test.beforeAll(async () => {
  tppServer = await startTppCallbackServer();
});
test.afterAll(async () => {
  await tppServer.close();
});

async function startConsent(tppSessionId: string, headers: Record<string, string> = {}): Promise<string> {
  const reply = await bank.post(
    "/v1/consents",
    {},
    { "TPP-Session-ID": tppSessionId, "TPP-Redirect-URI": `${tppServer.url}?flow=e2e`, ...headers },
  );
  expect(reply.status).toBe(201);
  return scaRedirectResponseSchema.parse(reply.body)._links.scaRedirect.href;
}

async function shoot(page: Page, name: string): Promise<void> {
  await captureScreenshot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function callbackQuery(page: Page): Promise<Record<string, string>> {
  await page.waitForURL((url) => url.href.startsWith(tppServer.url));
  await expect(page.getByRole("heading", { name: "Back at Example TPP" })).toBeVisible();
  return Object.fromEntries(new URL(page.url()).searchParams);
}

test("consent by redirect, then every transaction of the main account through the next links", async ({ page }) => {
  const tppSessionId = `e2e-${Date.now()}`;
  const scaRedirect = await startConsent(tppSessionId);
  await page.goto(scaRedirect);

  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(page.getByText("Example TPP AS")).toBeVisible();
  await shoot(page, "1-login");
  await page.getByLabel("National identity number").fill(INGRID);
  await page.getByRole("button", { name: "Log in" }).click();

  await expect(page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
  const main = page.getByRole("checkbox", { name: /^Brukskonto 3800 \d\d \d{5}$/ });
  const savings = page.getByRole("checkbox", { name: /^Sparekonto 3800 \d\d \d{5}$/ });
  const card = page.getByRole("checkbox", { name: "Mastercard Gold 5522 11** **** 4821" });
  for (const box of [main, savings, card]) await box.check();
  await shoot(page, "2-consent");
  await page.getByRole("button", { name: "Confirm" }).click();

  const query = await callbackQuery(page);
  expect(query).toEqual({
    flow: "e2e",
    "psu-id": expect.stringMatching(/^[0-9a-f-]{36}$/),
    "tpp-session-id": tppSessionId,
    context: "PRIVATE",
  });
  const psuId = query["psu-id"] ?? "";

  const accounts = await bank.get("/v1/accounts", { "TPP-Session-ID": tppSessionId, "TPP-Redirect-URI": tppServer.url, "PSU-ID": psuId });
  expect(accounts.status).toBe(200);
  const list = accountsResponseSchema.parse(accounts.body).accounts;
  expect(list.map((a) => a.name)).toEqual(["Brukskonto", "Sparekonto"]);
  const mainId = list[0]?.resourceId ?? "";

  const seen = new Set<string>();
  let pages = 0;
  const dateFrom = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  let next: string | undefined = `/v1/accounts/${mainId}/transactions?bookingStatus=booked&dateFrom=${dateFrom}`;
  while (next) {
    const reply = await bank.get(next, { "PSU-ID": psuId, "PSU-IP-Address": "192.0.2.44", "TPP-Session-ID": tppSessionId });
    expect(reply.status).toBe(200);
    const { transactions } = transactionsResponseSchema.parse(reply.body);
    const booked = transactions.booked ?? [];
    expect(booked.length).toBeLessThanOrEqual(200);
    for (const t of booked) seen.add(t.transactionId ?? "");
    pages++;
    next = transactions._links?.next?.href;
  }
  expect(seen.size).toBeGreaterThanOrEqual(1500);
  expect(pages).toBe(Math.ceil(seen.size / 200));

  // The link is spent: a second visit is an error page, without a redirect.
  await page.goto(scaRedirect);
  await expect(page.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
  await shoot(page, "6-link-used");
  expect(tppServer.received.at(-1)).toEqual(query);
});

test("cancel on the consent screen is the failure redirect SCA_INVALID", async ({ page }) => {
  await page.goto(await startConsent(`e2e-cancel-${Date.now()}`));
  await page.getByLabel("National identity number").fill(INGRID);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  const query = await callbackQuery(page);
  expect(query).toEqual({
    flow: "e2e",
    system: "SCA",
    status: "401",
    code: "SCA_INVALID",
    message: "The PSU cancelled the authorisation at the bank",
  });
});

test("a wrong number shows an alert; the third is the failure redirect PSU_CREDENTIALS_INVALID", async ({ page }) => {
  await page.goto(await startConsent(`e2e-wrong-${Date.now()}`));
  const field = page.getByLabel("National identity number");
  await field.fill("01010100000");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("We found no customer with that national identity number");
  await expect(page.getByRole("alert")).toContainText("2 attempts left");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "3-login-error");
  await field.fill("01010100001");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("1 attempt left");
  await field.fill("01010100002");
  await field.press("Enter");
  const query = await callbackQuery(page);
  expect(query).toMatchObject({ system: "SCA", status: "401", code: "PSU_CREDENTIALS_INVALID" });
});

test("a corporate customer chooses the context and the agreement", async ({ page }) => {
  const tppSessionId = `e2e-corporate-${Date.now()}`;
  await page.goto(await startConsent(tppSessionId));
  await page.getByLabel("National identity number").fill(SINDRE);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Who are you acting for?" })).toBeVisible();
  await page.getByRole("radio", { name: "Corporate" }).check();
  await page.getByLabel("Agreement").selectOption({ label: "Lie Snekkeri AS (org. no. 926 148 338)" });
  await shoot(page, "4-context");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("checkbox")).toHaveCount(2);
  await page.getByRole("checkbox", { name: /^Driftskonto/ }).check();
  await page.getByRole("button", { name: "Confirm" }).click();
  const query = await callbackQuery(page);
  expect(query).toMatchObject({
    "tpp-session-id": tppSessionId,
    context: "CORPORATE",
    "psu-corporate-id": expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
});

test("TPP-Redirect-Preferred false shows approval in the app", async ({ page }) => {
  const tppSessionId = `e2e-app-${Date.now()}`;
  await page.goto(await startConsent(tppSessionId, { "TPP-Redirect-Preferred": "false", "X-PSU-IDENTITY": INGRID }));
  await expect(page.getByRole("heading", { name: "Approve in your mobile app" })).toBeVisible();
  await expect(page.getByLabel("National identity number")).toHaveCount(0);
  await shoot(page, "5-app-approval");
  await page.getByRole("button", { name: "Approve in app" }).click();
  await expect(page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  expect(await callbackQuery(page)).toMatchObject({ "tpp-session-id": tppSessionId, context: "PRIVATE" });
});

test("the pages fit a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(await startConsent(`e2e-phone-${Date.now()}`));
  await shoot(page, "7-login-phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.getByLabel("National identity number").fill(INGRID);
  await page.getByRole("button", { name: "Log in" }).click();
  await shoot(page, "8-consent-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
});
