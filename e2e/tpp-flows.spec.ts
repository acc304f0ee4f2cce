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
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import { passBankLogin } from "./support/payments";
import { appUrl, DESKTOP, INGRID, PHONE, shoot } from "./support/tpp-app";
import { captureScreenshot } from "./support/capture-screenshot";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the known customers' accounts (Ingrid's Brukskonto)");

// Each test on a page of its own, the demo user connected as Ingrid (e2e/support/fixtures.ts).
test.use({ demoUserSession: "connected" });

const PRODUCT_PATH = "/v1/payments/norwegian-domestic-credit-transfers";
/** The name under which the first test keeps its payment's flow for the others (made again by them when run alone). */
const PAYMENT_FLOW = "tpp-flows: a payment's flow";

/** The bank refuses the same payment within 10 minutes as a duplicate: an amount of this run's own for each payment. */
function uniqueFlowAmount(): string {
  const now = Date.now();
  return `${(Math.floor(now / 1000) % 9000) + 100}.${String(now % 100).padStart(2, "0")}`;
}

/** A Norwegian transfer to Kari made through /payments/new and approved at the bank; the page is left on its flow. Returns the flow's path. */
async function payAndOpenFlow(page: Page): Promise<string> {
  await page.goto("/payments/new");
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
  await page.getByLabel("Amount", { exact: true }).fill(uniqueFlowAmount());
  await page.getByRole("button", { name: "Continue to approve" }).click();
  // At the bank: the login when it asks (its session keeps one for 15 minutes), then Approve.
  await passBankLogin(page, INGRID);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);

  // From the payment's page to its flow.
  await page.getByRole("link", { name: "See this payment's flow" }).click();
  await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** The flow of a payment this worker made (by the first test, or now). */
const paymentFlow = (page: Page, made: MadeEarlier) => once(made, PAYMENT_FLOW, () => payAndOpenFlow(page));

test("a payment's flow: made, approved, and drawn as a sequence diagram with links into the inspector", async ({ page, madeEarlier }) => {
  const flowPath = await payAndOpenFlow(page);
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
  keep(madeEarlier, PAYMENT_FLOW, flowPath);
});

test("the diagram downloads as a standalone SVG file", async ({ context, page, madeEarlier }) => {
  const flowPath = await paymentFlow(page, madeEarlier);
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

test("/flows lists the flows, newest first, and unknown ids are not found", async ({ page, madeEarlier }) => {
  const flowPath = await paymentFlow(page, madeEarlier);
  await page.goto("/flows");
  await expect(page.getByRole("heading", { level: 1, name: "Flows" })).toBeVisible();
  await expect(page.getByText("Flows and their calls are kept for 30 days from their start, then deleted.")).toBeVisible();
  const rows = page.getByRole("table", { name: "Your flows, newest first" }).locator("tbody tr");
  // The payment's flow among them (tests of other specs may have started flows since), completed.
  const payment = rows.filter({ has: page.locator(`a[href="${flowPath}"]`) });
  await expect(payment).toContainText("Payment");
  await expect(payment).toContainText("Completed");
  await expect(payment.getByRole("link", { name: /^Payment flow started/ })).toHaveAttribute("href", flowPath);
  await expect(rows.filter({ hasText: "Consent" }).first()).toContainText("Completed");
  // Newest first: each row's start no later than the one above it.
  const started = await rows.locator("time[datetime]").evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect(started.length).toBeGreaterThanOrEqual(2);
  expect(started).toEqual([...started].sort().reverse());
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
