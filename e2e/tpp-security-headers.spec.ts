/**
 * The app's security headers and its defence against flows started by other sites, in Chromium:
 * every response carries the headers (a page, a Route Handler's redirect, the not-found page,
 * the callback, a public and a build file); every kind of page works under the
 * Content-Security-Policy with not one violation (the forms, the fee asked as one types, the
 * payments' ticking, the charts, the presenter); a link on another site to /connect starts nothing
 * at the bank but the confirmation page, whose form does; a POST without the form's token, with a
 * wrong one or from another origin is refused with a page saying why; the app's own links still
 * go straight to the bank.
 *
 * The signed-in tests each open a page of their own from the worker's sign-in of the demo user,
 * connected as Ingrid where they need it (e2e/support/fixtures.ts).
 */
import type { APIResponse, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { checkPage } from "./support/page-checks";
import {
  chooseProductAndKind,
  fillTransfer,
  KARI,
  kariAddress,
  landOnPaymentPage,
  paymentStatus,
  statusText,
  uniqueAmount,
  sendToApproveLater,
} from "./support/payments";
import { requireSandboxControls, target } from "./support/targets";
import { appUrl, CARD, confirmAccounts, INGRID, logInAtBank, MAIN, onBank, SAVINGS } from "./support/tpp-app";

/** A site that is not the app's: Playwright answers for it, no network needed. */
const ATTACKER = "http://attacker.test";

/** The nonce of a response's Content-Security-Policy; fails when the policy has none. */
function nonceOf(csp: string | null): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeDefined();
  return nonce ?? "";
}

/** The origin of the bank's SCA pages as a pattern (a loopback bank by either of its names). */
const bankOrigin = ((url: URL): string => {
  const escape = (text: string) => text.replace(/[.]/g, "\\.");
  const host = url.hostname === "localhost" || url.hostname === "127.0.0.1" ? "(localhost|127\\.0\\.0\\.1)" : escape(url.hostname);
  return `${url.protocol}//${host}${url.port === "" ? "" : `:${url.port}`}`;
})(new URL(target.scaUrl));

/** The headers every response of the app carries (over plain HTTP: no HSTS). */
function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toMatch(
    /^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'; style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'; style-src-attr 'unsafe-inline';/,
  );
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  // Forms may post to the bank's SCA pages too.
  expect(csp, what).toMatch(new RegExp(`form-action 'self' ${bankOrigin}(;|$)`));
  expect(csp, what).not.toContain("unsafe-eval");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toMatch(/^(same-origin|no-referrer)$/);
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(headers["strict-transport-security"], `${what}: no HSTS over plain HTTP`).toBeUndefined();
}

test("every kind of response carries the security headers, each page its own nonce on every script", async ({ request }) => {
  const first = await request.get("/signin");
  expect(first.status()).toBe(200);
  expectSecurityHeaders(first, "the sign-in page");
  expect(first.headers()["referrer-policy"]).toBe("same-origin");
  const nonce = nonceOf(first.headers()["content-security-policy"] ?? null);
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(3);
  for (const script of scripts) expect(script, "every script of the page carries the response's nonce").toContain(`nonce="${nonce}"`);
  const second = await request.get("/signin");
  expect(nonceOf(second.headers()["content-security-policy"] ?? null), "a new nonce for every response").not.toBe(nonce);

  // A Route Handler's redirect (without fetch metadata /connect asks first: no bank call).
  const redirect = await request.get("/connect?returnTo=%2Faccounts", {
    maxRedirects: 0,
  });
  expect(redirect.status()).toBe(303);
  expect(redirect.headers().location).toBe(`${appUrl}/connect/confirm?returnTo=%2Faccounts`);
  expectSecurityHeaders(redirect, "the /connect redirect");

  const notFound = await request.get("/no-such-page");
  expect(notFound.status()).toBe(404);
  expectSecurityHeaders(notFound, "the not-found page");
  expect(await notFound.text()).toContain("Page not found");
  const malformed = await request.get("/accounts/%E0%A4%A");
  expect(malformed.status()).toBe(404);
  expectSecurityHeaders(malformed, "the not-found page of a malformed address");

  // The bank's callback: its address carries psu-id, so no referrer at all.
  const callback = await request.get("/callback", { maxRedirects: 0 });
  expect(callback.status()).toBe(303);
  expectSecurityHeaders(callback, "the callback");
  expect(callback.headers()["referrer-policy"]).toBe("no-referrer");

  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expectSecurityHeaders(favicon, "a public file");

  // Next's build files: the proxy does not see them, next.config.js gives them nosniff.
  const script = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const file = await request.get(script ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["cross-origin-resource-policy"]).toBe("same-origin");
});

test.describe("signed in, with the bank connected from another site's link", () => {
  requireSandboxControls("the known customers' accounts");
  test.use({ demoUserSession: "signed in" });
  /** Every CSP violation of the app's pages of the test (the bank's pages are not the app's). */
  const violations: string[] = [];

  /** Fails on any CSP violation since the last check (named by `step`). */
  function expectNoViolations(step: string): void {
    expect(violations.splice(0), `CSP violations on ${step}`).toEqual([]);
  }

  // The test's context, before its page opens: its CSP violations reported, the other site answered.
  test.beforeEach(async ({ context }) => {
    violations.length = 0;
    await watch(context);
  });
  async function watch(prepared: BrowserContext): Promise<void> {
    await prepared.exposeBinding("reportCspViolation", ({ page: source }, text: string) => {
      if (source.url().startsWith(appUrl)) violations.push(text);
    });
    await prepared.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
        void report(
          `${event.effectiveDirective} refused ${event.blockedURI || "an inline one"} on ${location.pathname}${event.sample === "" ? "" : `: ${event.sample}`}`,
        );
      });
    });
    prepared.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text()) && (message.page()?.url() ?? "").startsWith(appUrl))
        violations.push(`console: ${message.text()}`);
    });
    // Another site, with a link to /connect, an image asking /connect and a form posting to it.
    await prepared.route(`${ATTACKER}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!DOCTYPE html><html lang="en"><title>Prizes</title><main>
          <a href="${appUrl}/connect?returnTo=%2Faccounts&amp;newPsu=1">Win a prize</a>
          <img alt="" src="${appUrl}/connect?returnTo=%2Fflows">
          <form method="post" action="${appUrl}/connect"><input type="hidden" name="returnTo" value="/accounts"><input type="hidden" name="token" value="guessed"><button>Claim</button></form>
        </main></html>`,
      }),
    );
  }

  /** The href of the newest row of a list page (the inspector's calls, the flows), or "none". */
  async function newestOf(page: Page, path: string, table: string): Promise<string> {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const link = page.getByRole("table", { name: table }).getByRole("link").first();
    return (await link.count()) === 0 ? "none" : ((await link.getAttribute("href")) ?? "none");
  }

  /** What the app did at the bank so far: the newest call and the newest flow. */
  async function bankActivity(page: Page): Promise<{ call: string; flow: string }> {
    return {
      call: await newestOf(page, "/inspector", "Calls to the bank, newest first"),
      flow: await newestOf(page, "/flows", "Your flows, newest first"),
    };
  }

  test("another site's link and image start nothing at the bank; the confirmation page's form does", async ({ page }) => {
    const before = await bankActivity(page);
    await page.goto(`${ATTACKER}/`);
    // The image's request (cross-site, no-cors) is answered with the redirect to the confirmation page.
    await expect.poll(() => page.locator("img").evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    // Chromium sends this navigation with Sec-Fetch-Site: cross-site.
    await page.getByRole("link", { name: "Win a prize" }).click();
    await page.waitForURL(`${appUrl}/connect/confirm?returnTo=%2Faccounts&newPsu=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Connect your bank?" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("nothing has been sent to the bank yet");
    await expect(page.getByRole("main")).toContainText("Any of the bank's customers may log in.");
    await checkPage(page, "connect confirm");
    expectNoViolations("the confirmation page");
    expect(await bankActivity(page), "no call to the bank and no flow").toEqual(before);

    await page.goto("/connect/confirm?returnTo=%2Faccounts&newPsu=1");
    await page.getByRole("button", { name: "Continue to the bank" }).click();
    await logInAtBank(page, INGRID);
    await confirmAccounts(page, { check: [MAIN, SAVINGS, CARD] });
    await page.waitForURL(`${appUrl}/accounts`);
    await expect(page.getByRole("link", { name: MAIN })).toBeVisible();
    expectNoViolations("the confirmation's way to the bank and back");
    expect((await bankActivity(page)).flow, "the confirmed consent is a flow").not.toBe(before.flow);
  });

  test("a POST without the form's token, with a wrong one, or from another site is refused with a page; nothing reaches the bank", async ({
    page,
  }) => {
    const before = await bankActivity(page);
    const refusals: [string, (form: Page) => Promise<void>, RegExp][] = [
      [
        "no token",
        (form) => form.locator("input[name=token]").evaluate((input) => input.remove()),
        /The form's confirmation token \(field "token"\) is missing\./,
      ],
      [
        "a wrong token",
        (form) =>
          form.locator("input[name=token]").evaluate((input: HTMLInputElement) => {
            input.value = "forged";
          }),
        /is not the one this app gave you/,
      ],
    ];
    for (const [what, tamper, reason] of refusals) {
      await page.goto("/connect/confirm?returnTo=%2Faccounts");
      await tamper(page);
      const [reply] = await Promise.all([
        page.waitForResponse((response) => response.url() === `${appUrl}/connect` && response.request().method() === "POST"),
        page.getByRole("button", { name: "Continue to the bank" }).click(),
      ]);
      expect(reply.status(), what).toBe(403);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: "Nothing was sent to the bank",
        }),
      ).toBeVisible();
      await expect(page.getByRole("main")).toContainText(reason);
      await checkPage(page, `connect refused, ${what}`);
      expectNoViolations(`the refusal (${what})`);
    }
    await page.goto(`${ATTACKER}/`);
    const [reply] = await Promise.all([page.waitForResponse(`${appUrl}/connect`), page.getByRole("button", { name: "Claim" }).click()]);
    expect(reply.status()).toBe(403);
    await expect(page.getByRole("main")).toContainText(`The request was sent from ${ATTACKER}, not from this app's page`);
    await page.getByRole("link", { name: "Go to the confirmation page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Connect your bank?" })).toBeVisible();
    expect(await bankActivity(page), "no call to the bank and no flow").toEqual(before);
  });

  test.describe("connected as Ingrid", () => {
    test.use({ demoUserSession: "connected" });

    test("the app's own links go straight to the bank", async ({ page }) => {
      await page.goto("/");
      // Sec-Fetch-Site: same-origin.
      await page.getByRole("link", { name: "Connect your bank again" }).click();
      await page.waitForURL(onBank);
      await page.goBack();
      await page.waitForURL((url) => url.href.startsWith(appUrl));
    });

    test("every kind of page works under the policy: no violation", async ({ page }) => {
      const visit = async (path: string, heading: string | RegExp) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        expectNoViolations(path);
      };
      await visit("/", "Your bank connection");
      await visit("/accounts", /./);

      // The account's balance chart places its labels with style attributes.
      await page.getByRole("link", { name: MAIN }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Brukskonto" })).toBeVisible();
      const label = page.locator("[style*='top:']").first();
      await expect(label).toBeVisible();
      expect(await label.evaluate((element) => getComputedStyle(element).top), "the chart's style attribute applies").not.toBe("auto");
      await page.getByRole("table", { name: "Booked transactions" }).locator("tbody tr").first().getByRole("link").click();
      await expect(page.locator("dl[aria-label='Transaction details']")).toBeVisible();
      expectNoViolations("an account and a transaction");
      await page.goto("/accounts");
      await page.getByRole("link", { name: CARD }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Mastercard Gold" })).toBeVisible();
      expectNoViolations("a card account");

      // The payment form (Conform) checks in the browser, and asks the fee as one types.
      await page.goto("/payments/new");
      await chooseProductAndKind(page, "Instant transfer (straks)", "One payment");
      await page.getByRole("button", { name: "Continue to approve" }).click();
      await expect(page.getByLabel("Recipient's name")).toHaveAttribute("aria-invalid", "true");
      await fillTransfer(page, {
        name: KARI.name,
        account: KARI.bban,
        address: kariAddress,
        amount: "250.00",
      });
      await expect(page.getByText(/^(Fee: \d+,\d\d\skr|No fee for this payment)$/)).toBeVisible();
      expectNoViolations("the payment form");

      // A payment kept for later: ticking it on the list counts it on the button; its page cancels it.
      await page.goto("/payments/new");
      await chooseProductAndKind(page, "Norwegian transfer", "One payment");
      await fillTransfer(page, {
        name: "Merket Senere AS",
        account: KARI.bban,
        address: kariAddress,
        amount: uniqueAmount(),
        message: "CSP",
      });
      await sendToApproveLater(page);
      const tick = page.getByRole("checkbox", { name: /^Sign together: Merket Senere AS,/ });
      await tick.check();
      await expect(page.getByRole("button", { name: "Sign together (1)", exact: true })).toBeEnabled();
      await tick.uncheck();
      await expect(page.getByRole("button", { name: "Sign together (1)", exact: true })).toHaveCount(0);
      await page
        .getByRole("list", { name: "Payments" })
        .getByRole("listitem")
        .filter({ hasText: "Merket Senere AS" })
        .getByRole("link")
        .first()
        .click();
      await landOnPaymentPage(page);
      await page.getByRole("button", { name: "Cancel payment" }).click();
      await expect(paymentStatus(page)).toContainText(statusText("Cancelled", "CANC"));
      expectNoViolations("the payments, a payment");

      await visit("/inspector", "Request inspector");
      await page.getByRole("table", { name: "Calls to the bank, newest first" }).getByRole("link").first().click();
      await expect(page.getByLabel("curl command")).toBeVisible();
      expectNoViolations("a call");
      await visit("/flows", /./);
      await page.getByRole("table").getByRole("link").first().click();
      await expect(page.getByRole("img").first()).toBeVisible();
      expectNoViolations("a flow");
      await visit("/presenter", /./);
      await visit("/sandbox", /./);
      await visit("/settings", "Settings");
      await visit("/corporate", /./);
      await visit(
        "/callback/failed?reason=bank&system=SCA&status=401&code=SCA_INVALID&message=The+PSU+cancelled&retry=%2Fconnect%3FreturnTo%3D%252Faccounts",
        "This address was not made by the app",
      );
      await visit("/no-such-page", "Page not found");
      await visit("/connect/confirm?returnTo=%2Fpayments", "Connect your bank?");
    });
  });
});
