/**
 * Flow diagrams end to end in Chromium, against npm run demo's servers: a Norwegian domestic
 * payment made through /payments/new and approved at the bank, then its flow opened from the
 * payment's page: the sequence diagram's lifelines, arrows and labels, the SCA at the bank, a
 * call arrow that opens that call in the request inspector (and back), the steps in words, the
 * SVG download, /flows listing it, ids that are no flow's (deleted after the retention period,
 * never started, another user's: a page that says how long flows are kept), and the pages at
 * desktop and phone width (no sideways scroll), checked with axe.
 *
 * @see docs/architecture.md#flow-diagrams
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { useSignedInPage } from "./support/signed-in-page";
import { passBankLogin } from "./support/payments";
import { appUrl, confirmAccounts, DESKTOP, INGRID, MAIN, PHONE, shoot } from "./support/tpp-app";
import { captureScreenshot } from "./support/capture-screenshot";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the known customers' accounts (Ingrid's Brukskonto)");

test.describe.configure({ mode: "serial" });

/** The demo user signed in; with no bank connection after this spec when it had none before. */
const session = useSignedInPage({ restoreConnection: true });
let context: BrowserContext;
let page: Page;
/** The flow's page, once the payment is made. */
let flowPath = "";

const PRODUCT_PATH = "/v1/payments/norwegian-domestic-credit-transfers";
// The bank refuses the same payment within 10 minutes as a duplicate: an amount of this run's own.
const amount = `${(Math.floor(Date.now() / 1000) % 9000) + 100}.${String(Date.now() % 100).padStart(2, "0")}`;

test.beforeAll(() => {
  ({ context, page } = session);
});

/** At the bank: the login when it asks (its session keeps one for 15 minutes), then the button of the last step. */
async function passBank(bankPage: Page, button: "Confirm" | "Approve"): Promise<void> {
  await passBankLogin(bankPage, INGRID);
  if (button === "Confirm") await confirmAccounts(bankPage, { check: [MAIN] });
  else await bankPage.getByRole("button", { name: "Approve", exact: true }).click();
}

test("a payment's flow: made, approved, and drawn as a sequence diagram with links into the inspector", async () => {
  // Connected as Ingrid (any customer may log in: earlier specs may have connected another).
  await page.goto("/connect?returnTo=%2Fpayments%2Fnew&newPsu=1");
  await passBank(page, "Confirm");
  await page.waitForURL(`${appUrl}/payments/new`);

  await page.getByRole("radio", { name: /^Norwegian transfer(\s|$)/ }).check();
  await page.getByRole("radio", { name: /^One payment(\s|$)/ }).check();
  const payFrom = page.getByLabel("Pay from");
  if ((await payFrom.inputValue()) === "") await payFrom.selectOption({ index: 1 });
  await page.getByLabel("Recipient's name").fill("Kari Nordmann");
  await page.getByLabel("Recipient's account number").fill("86011117947");
  await page.getByLabel("Street", { exact: true }).fill("Storgata");
  await page.getByLabel("Number", { exact: true }).fill("1");
  await page.getByLabel("Postal code", { exact: true }).fill("0155");
  await page.getByLabel("City", { exact: true }).fill("Oslo");
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await page.getByRole("button", { name: "Continue to approve" }).click();
  await passBank(page, "Approve");
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);

  // From the payment's page to its flow.
  await page.getByRole("link", { name: "See this payment's flow" }).click();
  await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
  flowPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: "Payment flow" })).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();

  // The diagram: an image named by its title, three lifelines, each message labelled.
  const diagram = page.getByRole("img", { name: "Sequence diagram of a payment flow" });
  await expect(diagram).toBeVisible();
  const svg = page.locator('[data-size="wide"] svg[role="img"]');
  for (const lane of [/^Browser \(PSU\)$/, /^TPP \(this app\)$/, /^Bank$/])
    await expect(svg.locator("text").filter({ hasText: lane })).toHaveCount(1);
  const labels = (await svg.locator("text").allTextContents()).join("\n");
  for (const label of [
    `POST ${PRODUCT_PATH}`,
    "201 Created",
    "/authorisations",
    "303 to the bank",
    "GET /sca/",
    "PSU logs in",
    "and approves",
    "Redirect to the app",
    "GET /callback (success)",
    "/status",
    "200 OK",
    "303 to /payments/",
  ]) {
    expect(labels, `the diagram's labels lack "${label}"`).toContain(label);
  }
  // Each bank call is two arrows (request and reply), both links to its page in the inspector
  // (a layer of links laid over the image, for the mouse; the steps carry them for everyone).
  const callLinks = page.locator('[data-size="wide"] [data-links] a[href^="/inspector/"]');
  expect(await callLinks.count()).toBeGreaterThanOrEqual(6);
  const firstCall = (await callLinks.first().getAttribute("href")) ?? "";
  expect(firstCall).toMatch(/^\/inspector\/\d+$/);

  // The text alternative: the steps, numbered as in the diagram, each call's link among them.
  const steps = page.getByRole("list", { name: "Steps" }).locator(":scope > li");
  await expect(steps.first()).toContainText(`POST ${PRODUCT_PATH}: 201 Created in`);
  await expect(steps.filter({ hasText: "The PSU logs in and approves" })).toHaveCount(1);
  await expect(steps.filter({ hasText: "GET /callback, approved" })).toHaveCount(1);
  await expect(
    page
      .getByRole("list", { name: "Steps" })
      .getByRole("link", { name: /Open in the request inspector/ })
      .first(),
  ).toHaveAttribute("href", firstCall);
  await shoot(page, "flow-payment", { phone: true });
  await expectNoSeriousA11yViolations(page, "flow diagram");

  // A call arrow opens that call in the request inspector, which leads back to the flow.
  await callLinks.first().click();
  await page.waitForURL(`${appUrl}${firstCall}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`POST ${PRODUCT_PATH}`);
  await expect(page.getByText(/X-Request-ID/).first()).toBeVisible();
  await page.getByRole("link", { name: "Payment flow: see it as a diagram" }).click();
  await page.waitForURL(`${appUrl}${flowPath}`);
});

test("the diagram downloads as a standalone SVG file", async () => {
  await page.goto(flowPath);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download SVG" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payment-flow-[0-9a-f]{8}\.svg$/);

  const reply = await page.request.get(`${flowPath}/diagram.svg`);
  expect(reply.status()).toBe(200);
  expect(reply.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(reply.headers()["content-disposition"]).toMatch(/^attachment; filename="payment-flow-[0-9a-f]{8}\.svg"$/);
  const file = await reply.text();
  expect(file.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(file).toContain(`POST ${PRODUCT_PATH}`);
  expect(file).not.toMatch(/class=|<script|<link|token=(?!…)/);
  await test.info().attach("flow.svg", { body: file, contentType: "image/svg+xml" });

  // The file drawn on its own, as a slide would show it.
  const viewer = await context.newPage();
  await viewer.setContent(`<body style="margin:0">${file.replace(/^<\?xml[^>]*>\n/, "")}</body>`);
  await captureScreenshot(viewer, { path: test.info().outputPath("flow-download.png"), fullPage: true });
  await viewer.close();

  // Nobody else's, nor anything that is not a flow id.
  expect((await page.request.get("/flows/00000000-0000-4000-8000-000000000000/diagram.svg")).status()).toBe(404);
  expect((await page.request.get("/flows/not-a-flow/diagram.svg")).status()).toBe(404);
});

test("/flows lists the flows, newest first, and unknown ids are not found", async () => {
  await page.goto("/flows");
  await expect(page.getByRole("heading", { level: 1, name: "Flows" })).toBeVisible();
  await expect(page.getByText("Flows and their calls are kept for 30 days from their start, then deleted.")).toBeVisible();
  const rows = page.getByRole("table", { name: "Your flows, newest first" }).locator("tbody tr");
  await expect(rows.first()).toContainText("Payment");
  await expect(rows.first()).toContainText("Completed");
  await expect(rows.first().getByRole("link", { name: /^Payment flow started/ })).toHaveAttribute("href", flowPath);
  await expect(rows.filter({ hasText: "Consent" }).first()).toContainText("Completed");
  await shoot(page, "flows-list", { phone: true });
  await expectNoSeriousA11yViolations(page, "flows list");

  // The request inspector leads here too.
  await page.goto("/inspector");
  await expect(page.getByText("Each call is kept for 30 days, then deleted.")).toBeVisible();
  await page.getByRole("link", { name: "Flow diagrams" }).click();
  await page.waitForURL(`${appUrl}/flows`);

  // A flow deleted after the retention period (TPP_RECORD_RETENTION_DAYS, 30 by default), never
  // started, or another user's: a page that says so and leads back, never an error.
  for (const path of ["/flows/not-a-flow", "/flows/00000000-0000-4000-8000-000000000000", "/flows/%27%3B--"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No such flow" }), path).toBeVisible();
    await expect(page.getByText(/Flows and their calls to the bank are kept for 30 days from their start/), path).toBeVisible();
  }
  await shoot(page, "flow-not-found", { phone: true });
  await expectNoSeriousA11yViolations(page, "a flow not found");
  await page.getByRole("main").getByRole("link", { name: "Flows", exact: true }).click();
  await page.waitForURL(`${appUrl}/flows`);
  const svg = await page.request.get("/flows/00000000-0000-4000-8000-000000000000/diagram.svg");
  expect(svg.status()).toBe(404);
  expect(await svg.text()).toBe("There is no such flow: flows are kept for 30 days from their start, then deleted.\n");

  // On a phone the compact diagram is drawn, the page never scrolls sideways.
  await page.setViewportSize(PHONE);
  await page.goto(flowPath);
  await expect(page.locator('[data-size="compact"] svg[role="img"]')).toBeVisible();
  await expect(page.locator('[data-size="wide"] svg[role="img"]')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
});
