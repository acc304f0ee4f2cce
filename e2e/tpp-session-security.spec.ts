/**
 * The app's sessions and who may change what, end to end in Chromium: sign-out ends the sign-in
 * on the server (a cookie captured before reads nothing after, on pages, a route and a Server
 * Action); a return from the bank as another customer than the user's PSU-ID is asked about,
 * never kept silently; a failure return for no approval is refused; the TPP's contact e-mail is
 * changed by an administrator only. Each test stands alone: the one that signs out and the one
 * that connects two customers sign in on their own; the others use the worker's sign-in of the
 * demo user (e2e/support/fixtures.ts). Leaves the demo user connected as 13039319955, the contact
 * e-mail as it found it.
 *
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events, docs/interface/authentication.md#authentication
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { checkPage } from "./support/page-checks";
import { passBankLogin } from "./support/payments";
import { chooseContextAtBank, confirmAccounts, DESKTOP, INGRID, shoot, signIn, SINDRE, appUrl } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

requireSandboxControls("the known customers (a private one and a corporate one with an agreement)");

const PSU_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION_COOKIE = "next-auth.session-token";

async function newSignedInPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

/** The PSU-ID the settings page names (undefined when the app has none). */
async function psuIdOnSettings(page: Page): Promise<string | undefined> {
  await page.goto("/settings");
  const connection = page.getByRole("region", { name: "Bank connection" });
  if (await connection.getByText("The app has no PSU-ID for you").isVisible()) return undefined;
  return (await connection.locator(".font-mono").first().textContent())?.trim();
}

async function forgetConnection(page: Page): Promise<void> {
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await expect(page.getByRole("status").filter({ hasText: "Forgotten" })).toBeVisible();
  }
}

test("sign-out ends the sign-in on the server: the cookie captured before reads no page, route or Server Action after", async ({
  browser,
}) => {
  const { context, page } = await newSignedInPage(browser);
  const captured = await context.cookies();
  expect(captured.map((cookie) => cookie.name)).toEqual(expect.arrayContaining([SESSION_COOKIE, "tpp_psu"]));

  // Another browser with the captured cookies: signed in, a settings page open.
  const replay = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
  await replay.addCookies(captured);
  const replayPage = await replay.newPage();
  await replayPage.goto("/settings");
  await expect(replayPage.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const browserChoice = replayPage.getByRole("radio", { name: "Log in at the bank in the browser" });
  await expect(browserChoice).toBeChecked();
  // The fee route answers the app's own pages' fetches only (Sec-Fetch-Site), as the form's is.
  const fromTheApp = { headers: { "Sec-Fetch-Site": "same-origin" } };
  expect((await replay.request.get("/payments/fee?amount=abc", fromTheApp)).status()).toBe(400);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/signin/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  const left = (await context.cookies()).map((cookie) => cookie.name);
  expect(left).not.toContain(SESSION_COOKIE);
  expect(left).not.toContain("tpp_psu");
  await shoot(page, "signed-out", { phone: true });

  // The captured cookie shown again: a page sends to sign-in...
  const accounts = await replay.request.get("/accounts", { maxRedirects: 0 });
  expect(accounts.status()).toBe(307);
  expect(accounts.headers()["location"]).toMatch(/\/signin\?callbackUrl=%2Faccounts$/);
  // ...a route answers as to a visitor...
  const fee = await replay.request.get("/payments/fee?amount=abc", fromTheApp);
  expect(fee.status()).toBe(401);
  expect(await fee.json()).toEqual({ error: "Sign in to ask the bank for a fee." });
  // ...next-auth's own session endpoint knows no session...
  expect(await (await replay.request.get("/api/auth/session")).json()).toEqual({});
  // ...and the Server Action of the page left open changes nothing: it sends to sign-in.
  await replayPage.getByRole("radio", { name: "Approve in the bank's mobile app" }).check();
  await replayPage.getByRole("button", { name: "Save choice" }).click();
  await replayPage.waitForURL(/\/signin/);
  await replay.close();

  // The choice was not saved: the demo user, signed in again, still logs in in the browser.
  await signIn(page);
  await page.goto("/settings");
  await expect(page.getByRole("radio", { name: "Log in at the bank in the browser" })).toBeChecked();
  await context.close();
});

test("a return from the bank as another customer is asked about; Keep and Replace; newPsu replaces without asking", async ({ browser }) => {
  // Two browsers of the demo user: in the first, an approval is started while the app has no
  // PSU-ID (any customer may log in) and Sindre logs in; meanwhile the second connects Ingrid.
  const first = await newSignedInPage(browser);
  const second = await newSignedInPage(browser);

  const startAsSindreWhileIngridConnects = async () => {
    await forgetConnection(first.page);
    await first.page.goto("/connect?returnTo=%2Fsettings");
    await passBankLogin(first.page, SINDRE);
    await chooseContextAtBank(first.page, "Lie Snekkeri AS (org. no. 926 148 338)");
    await expect(first.page.getByRole("heading", { name: "Choose accounts to share" })).toBeVisible();
    await second.page.goto("/connect?returnTo=%2F&newPsu=1");
    await passBankLogin(second.page, INGRID);
    await confirmAccounts(second.page);
    await second.page.waitForURL(`${appUrl}/`);
    const ingrid = await psuIdOnSettings(second.page);
    expect(ingrid).toMatch(PSU_ID);
    await confirmAccounts(first.page, { check: [/^Driftskonto/] });
    await first.page.waitForURL(`${appUrl}/callback/psu-changed`);
    return ingrid ?? "";
  };

  const ingrid = await startAsSindreWhileIngridConnects();
  const page = first.page;
  await expect(page.getByRole("heading", { level: 1, name: "You logged in at the bank as someone else" })).toBeVisible();
  const kept = page.locator("dt", { hasText: "PSU-ID kept now" }).locator("xpath=following-sibling::dd[1]");
  const came = page.locator("dt", { hasText: "PSU-ID the bank just sent" }).locator("xpath=following-sibling::dd[1]");
  await expect(kept).toHaveText(ingrid);
  await expect(came).toHaveText(PSU_ID);
  const sindre = (await came.textContent()) ?? "";
  expect(sindre).not.toBe(ingrid);
  await expect(page.getByText("Nothing has been changed yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Connect another customer" })).toHaveAttribute(
    "href",
    "/connect?returnTo=%2Fsettings&newPsu=1",
  );
  // Nothing was replaced while the question waits.
  expect(await psuIdOnSettings(second.page)).toBe(ingrid);
  await shoot(page, "psu-changed", { phone: true });
  await checkPage(page, "psu-changed");

  // The choice is a POST of the app's own page: opening the address again only asks again.
  await page.goto("/callback/psu-changed");
  await page.getByRole("button", { name: "Keep the current customer" }).click();
  await page.waitForURL(`${appUrl}/settings`);
  expect(await psuIdOnSettings(page)).toBe(ingrid);
  await page.goto("/callback/psu-changed");
  await expect(page.getByRole("heading", { level: 1, name: "Nothing to decide" })).toBeVisible();
  await checkPage(page, "psu-changed, nothing to decide");

  // Again, and this time the new customer replaces the PSU-ID.
  await startAsSindreWhileIngridConnects();
  await expect(page.locator("dt", { hasText: "PSU-ID the bank just sent" }).locator("xpath=following-sibling::dd[1]")).toHaveText(sindre);
  await page.getByRole("button", { name: "Replace with the new customer" }).click();
  await page.waitForURL(`${appUrl}/settings`);
  expect(await psuIdOnSettings(page)).toBe(sindre);
  await expect(page.getByRole("region", { name: "Bank connection" })).toContainText("1 corporate agreement");

  // Connecting another customer on purpose (newPsu) replaces without asking: Ingrid again, as the
  // other specs left the demo user.
  await second.page.goto("/connect?returnTo=%2F&newPsu=1");
  await passBankLogin(second.page, INGRID);
  await confirmAccounts(second.page);
  await second.page.waitForURL(`${appUrl}/`);
  expect(await psuIdOnSettings(second.page)).toBe(ingrid);
  await first.context.close();
  await second.context.close();
});

test.describe("signed in with the worker's sign-in", () => {
  test.use({ demoUserSession: "signed in" });

  test("a failure return that matches no approval in progress is refused, never shown as the bank's words", async ({ page }) => {
    await page.goto("/callback?system=SCA&status=401&code=SCA_INVALID&message=Call+0800+12345+to+unlock&flow=no-such-flow");
    await page.waitForURL(/\/callback\/failed\?reason=no-flow/);
    await expect(page.getByRole("heading", { level: 1, name: "No approval was in progress" })).toBeVisible();
    await expect(page.getByText("Nothing was changed")).toBeVisible();
    await expect(page.getByText("Call 0800 12345 to unlock")).toHaveCount(0);
    await expect(page.getByText("SCA_INVALID")).toHaveCount(0);
    // Without a flow named either.
    await page.goto("/callback?status=401&code=SCA_INVALID&message=Call+0800+12345+to+unlock");
    await expect(page.getByRole("heading", { level: 1, name: "No approval was in progress" })).toBeVisible();
    await expect(page.getByText("Call 0800 12345 to unlock")).toHaveCount(0);
  });

  test("only an administrator changes the TPP's contact e-mail: the page and the Server Action for a user who is not one", async ({
    browser,
    page,
  }) => {
    await page.goto("/settings");
    const email = page.getByLabel("Contact e-mail for operational notices");
    const before = await email.inputValue();

    // The administrator's save, kept to be sent again later by a user who is not one.
    await email.fill("ops-replayed@example.no");
    const [saveRequest] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined),
      page.getByRole("button", { name: "Save at the bank" }).click(),
    ]);
    await expect(page.getByText("Saved: the bank now has ops-replayed@example.no.")).toBeVisible();
    const restored = before === "" ? "psd2-operations@example.no" : before;
    await email.fill(restored);
    await page.getByRole("button", { name: "Save at the bank" }).click();
    await expect(page.getByText(`Saved: the bank now has ${restored}.`)).toBeVisible();

    // The administrator adds a user who is not one.
    const users = page.getByRole("region", { name: "Users of this app" });
    await expect(users.getByText("demo", { exact: true })).toBeVisible();
    const username = `viewer-${Date.now().toString(36)}`;
    const password = "a long first password";
    await users.getByLabel("User name").fill(username);
    await users.getByLabel("Name shown").fill("Vera Viewer");
    await users.getByLabel("First password (at least 12 characters)").fill("short");
    await users.getByRole("button", { name: "Add user" }).click();
    await expect(users.getByText("A password has at least 12 characters.")).toBeVisible();
    await users.getByLabel("First password (at least 12 characters)").fill(password);
    await users.getByRole("button", { name: "Add user" }).click();
    await expect(users.getByText(`Added ${username} as a user.`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Users of this app" }).getByRole("listitem").filter({ hasText: username })).toContainText(
      "User",
    );
    // The only administrator (this one) is told why they cannot become a user, instead of a button that would be refused.
    const ownRow = page.getByRole("region", { name: "Users of this app" }).getByRole("listitem").filter({ hasText: "(you)" });
    await expect(ownRow).toContainText("The only administrator: make another user administrator before this one can become a user.");
    await expect(ownRow.getByRole("button", { name: /^Make user/ })).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Users of this app" }).getByRole("button", { name: `Make administrator: ${username}` }),
    ).toBeVisible();
    await shoot(page, "settings-administrator", { phone: true });
    await checkPage(page, "settings, administrator");

    // That user sees the address, read-only, with why.
    const viewer = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
    const viewerPage = await viewer.newPage();
    await viewerPage.goto("/signin");
    await viewerPage.getByLabel("User name").fill(username);
    await viewerPage.getByLabel("Password").fill(password);
    await viewerPage.getByRole("button", { name: "Sign in" }).click();
    await viewerPage.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await viewerPage.goto("/settings");
    const contact = viewerPage.getByRole("region", { name: "Contact e-mail at the bank" });
    await expect(contact).toContainText(restored);
    await expect(contact).toContainText(
      "Only an administrator of this app can change it: it is one address for the whole TPP, shared by every user",
    );
    await expect(viewerPage.getByRole("textbox", { name: "Contact e-mail for operational notices" })).toHaveCount(0);
    await expect(viewerPage.getByRole("button", { name: "Save at the bank" })).toHaveCount(0);
    await expect(viewerPage.getByRole("region", { name: "Users of this app" })).toHaveCount(0);
    await shoot(viewerPage, "settings-user", { phone: true });
    await checkPage(viewerPage, "settings, user");

    // The administrator's Server Action sent by this user: refused, nothing sent to the bank.
    // The same request (its action id, its body), with the viewer's own cookies.
    const sent = saveRequest.headers();
    const replayed = await viewer.request.post("/settings", {
      headers: Object.fromEntries(
        ["next-action", "next-router-state-tree", "content-type", "accept", "origin"].flatMap((name) =>
          sent[name] === undefined ? [] : [[name, sent[name]]],
        ),
      ),
      data: saveRequest.postDataBuffer() ?? Buffer.alloc(0),
    });
    expect(replayed.status()).toBe(200);
    expect(await replayed.text()).toContain("Only an administrator of this app may change the TPP's contact e-mail");
    await viewerPage.reload();
    await expect(viewerPage.getByRole("region", { name: "Contact e-mail at the bank" })).toContainText(restored);
    await expect(viewerPage.getByRole("region", { name: "Contact e-mail at the bank" })).not.toContainText("ops-replayed@example.no");

    // The administrator removes that user (never themselves: no Remove on their own row), who is signed out at once.
    await page.goto("/settings");
    const usersNow = page.getByRole("region", { name: "Users of this app" });
    const viewerRow = usersNow.getByRole("listitem").filter({ hasText: username });
    await expect(usersNow.getByRole("listitem").filter({ hasText: "(you)" }).locator("summary")).toHaveCount(0);
    await viewerRow.locator("summary", { hasText: `Remove ${username}` }).click();
    await expect(viewerRow).toContainText("is signed out at once");
    await checkPage(page, "settings, removing a user");
    await viewerRow.getByRole("button", { name: `Remove ${username}`, exact: true }).click();
    await expect(usersNow.getByText("User removed.")).toBeVisible();
    await expect(usersNow.getByText(username)).toHaveCount(0);
    await viewerPage.goto("/settings");
    await expect(viewerPage.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await viewerPage.getByLabel("User name").fill(username);
    await viewerPage.getByLabel("Password").fill(password);
    await viewerPage.getByRole("button", { name: "Sign in" }).click();
    await expect(viewerPage.getByText("The user name or password is not right.")).toBeVisible();
    expect(new URL(viewerPage.url()).pathname).toBe("/signin");
    await viewer.close();
  });
});
