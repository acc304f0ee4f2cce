/**
 * Reading without the PSU, as a user sees it: connected as Per Olav Johansen, the app's refresh
 * asked for five times in one sandbox day from the control room (four reads per account and kind
 * reach the bank, the fifth is not sent and the overview says when the next frees), the clock 170
 * days on (the overview's renewal notice with a Renew), 181 days on (nothing sent, and the
 * overview says why), and an account unticked at the bank (marked no longer shared, no error).
 * The sandbox clock is put back to the real time at the end, and the connection forgotten.
 * @see docs/interface/authentication.md#psu-present-or-absent, docs/interface/limits.md#limits-in-the-spec; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { bank, freezeClock, unfreezeClock } from "./support/payments";
import { act } from "./support/sandbox-control-room";
import { forgetBankConnection, useSignedInPage } from "./support/signed-in-page";
import { appUrl, confirmAccounts, logInAtBank, shoot } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

const PER_OLAV = "12085592767";
const MAIN = /^Brukskonto/;
const SAVINGS = /^Sparekonto 60\+/;

requireSandboxControls("the sandbox clock (170 and 181 days on), the control room's refresh and the sandbox's known customers");
test.describe.configure({ mode: "serial" });
// Declared before the signed-in page's own hooks, so that it runs while the page is still open.
test.afterAll(async () => {
  await bank.post("/v1/sandbox/clock", { reset: true });
  await forgetBankConnection(session.page);
});
const session = useSignedInPage();
let page: Page;
let mainId = "";

test.beforeAll(() => {
  page = session.page;
});

const overview = () => page.getByRole("region", { name: "Your accounts, as last read" });
const accountIn = (region: Locator, name: string) =>
  region.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });

/** The control room's "Run the app's refresh now", and what it said. */
async function refreshNow(): Promise<string> {
  await page.goto("/sandbox");
  const form = page.getByRole("form", { name: "Run the app's refresh" });
  await act(page, form, form.getByRole("button", { name: "Run the app's refresh now" }));
  return (await form.getByRole("status").textContent()) ?? "";
}

/** The request inspector's calls made without the PSU to a path. */
async function callsWithoutPsu(path: string): Promise<number> {
  await page.goto(`/inspector?path=${encodeURIComponent(path)}`);
  const table = page.getByRole("table", { name: "Calls to the bank, newest first" });
  await expect(table.or(page.getByText("No calls", { exact: false })).first()).toBeVisible();
  return table.locator("tbody tr").filter({ hasText: "Without the PSU" }).count();
}

/**
 * Moves the sandbox clock at the bank (as another tool would) and opens the home page once the app
 * has read the clock again (it reads the bank's clock at most every 5 seconds) and shows `ready`.
 */
async function moveClockAndOpenHome(move: { advance: string } | { reset: true }, ready: (page: Page) => Promise<void>): Promise<void> {
  const moved = await bank.post("/v1/sandbox/clock", move);
  expect(moved.status).toBe(200);
  await expect(async () => {
    await page.goto("/");
    await ready(page);
  }).toPass({ timeout: 30_000 });
}

test("connected as Per Olav: the overview shows each account as read with him there", async () => {
  await forgetBankConnection(page);
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Connect your bank" }).click();
  await logInAtBank(page, PER_OLAV);
  await confirmAccounts(page, { check: [MAIN, SAVINGS] });
  await page.waitForURL(`${appUrl}/accounts`);
  mainId = ((await page.getByRole("link", { name: MAIN }).getAttribute("href")) ?? "").split("/").pop() ?? "";
  expect(mainId).not.toBe("");
  await page.goto("/");
  const main = accountIn(overview(), "Brukskonto");
  await expect(main).toContainText(/Read .* with you/);
  await expect(main).toContainText("Reads without you left in 24 hours: balances 4 of 4, transactions 4 of 4");
});

test("five refreshes in one sandbox day: four reads per account and kind reach the bank, the fifth is not sent", async () => {
  await freezeClock();
  try {
    const first = await refreshNow();
    expect(first).toContain("the app read without you");
    expect(first).toMatch(/Brukskonto \d+: balances read/);
    for (let run = 2; run <= 4; run += 1) expect(await refreshNow(), `refresh ${run}`).toMatch(/Brukskonto \d+: balances read/);
    const fifth = await refreshNow();
    expect(fifth).toMatch(/Brukskonto \d+: balances not sent: The 4 calls without the PSU in 24 hours are used; the next is free at /);
    await shoot(page, "refresh-01-fifth-not-sent", { phone: true });
    await expectNoSeriousA11yViolations(page, "control room after the fifth refresh");
    expect(await callsWithoutPsu(`/v1/accounts/${mainId}/balances`)).toBe(4);
    expect(await callsWithoutPsu(`/v1/accounts/${mainId}/transactions`)).toBe(4);
    await page.goto("/");
    const main = accountIn(overview(), "Brukskonto");
    await expect(main).toContainText(/Read .* without you/);
    await expect(main).toContainText(/balances 0 of 4, transactions 0 of 4; the next frees at /);
    await shoot(page, "refresh-02-overview", { phone: true });
    await expectNoSeriousA11yViolations(page, "overview after reads without the PSU");
  } finally {
    await unfreezeClock();
  }
});

test("170 days on: the overview says when reading without the PSU ends, with a Renew", async () => {
  const notice = page.getByRole("region", { name: "Your approval ends soon" });
  await moveClockAndOpenHome({ advance: "P170D" }, () =>
    expect(notice).toContainText(/Reading without you ends on .*, in 10 days/, { timeout: 1_000 }),
  );
  await expect(notice.getByRole("link", { name: "Renew at the bank" })).toHaveAttribute("href", /^\/connect\?returnTo=%2F/);
  await shoot(page, "refresh-03-renewal-notice", { phone: true });
  await expectNoSeriousA11yViolations(page, "overview with the renewal notice");
});

test("181 days on: nothing is sent without the PSU, and the overview and the control room say why", async () => {
  await moveClockAndOpenHome({ advance: "P11D" }, () =>
    expect(page.getByRole("region", { name: "Your approval has ended" })).toContainText(
      "Until you renew, the app sends nothing to the bank without you",
      { timeout: 1_000 },
    ),
  );
  const said = await refreshNow();
  expect(said).toMatch(/the app read nothing without you: The PSU's last SCA was at .*: reads without the PSU ended 180 days later/);
  expect(await callsWithoutPsu(`/v1/accounts/${mainId}/balances`)).toBe(4);
  await page.goto("/");
  await shoot(page, "refresh-04-ended", { phone: true });
  await expectNoSeriousA11yViolations(page, "overview after the 180 days");
});

test("an account unticked at the bank is marked no longer shared, what was read kept, and no error shown", async () => {
  // Back to the real time, once the app has read the clock again: the SCA below is kept on it.
  await moveClockAndOpenHome({ reset: true }, () =>
    expect(page.getByRole("region", { name: /^Your approval (ends soon|has ended)$/ })).toHaveCount(0, { timeout: 1_000 }),
  );
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await logInAtBank(page, PER_OLAV);
  await confirmAccounts(page, { uncheck: [SAVINGS] });
  await page.waitForURL(`${appUrl}/accounts`);
  await page.goto("/");
  const savings = accountIn(overview(), "Sparekonto 60+");
  await expect(savings.getByText("No longer shared", { exact: true })).toBeVisible();
  await expect(savings).toContainText(/No longer shared with this app since .*What it read before is kept here/);
  await expect(savings).toContainText(/Read .* \(before it was unshared\)/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  // Read no more: the next refresh leaves it out.
  expect(await refreshNow()).not.toContain("Sparekonto");
  await page.goto("/");
  await shoot(page, "refresh-05-unshared", { phone: true });
  await expectNoSeriousA11yViolations(page, "overview with an account no longer shared");
});

test("npm run tpp:refresh's way in: POST /api/refresh runs the refresh with the operator's token, and refuses without it", async ({
  request,
}) => {
  // The operator's token comes from the app's session secret (the sandbox keeps it in its data directory).
  const secrets = JSON.parse(
    await readFile(path.join(".data", "e2e", process.env.TEST_PARALLEL_INDEX ?? "0", "tpp", "secrets.json"), "utf8"),
  ) as { sessionSecret: string };
  const refused = await request.post(`${appUrl}/api/refresh`, { maxRedirects: 0 });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    error: "POST /api/refresh needs Authorization: Bearer with the operator's token (npm run tpp:refresh sends it)",
  });
  const wrong = await request.post(`${appUrl}/api/refresh`, { headers: { authorization: "Bearer not-the-token" }, maxRedirects: 0 });
  expect(wrong.status()).toBe(401);
  expect((await request.get(`${appUrl}/api/refresh`, { maxRedirects: 0 })).status()).toBe(405);
  const ran = await request.post(`${appUrl}/api/refresh`, {
    // The token as lib/tpp/refresh/operator-token.ts defines it, written out here: the spec holds the app to it.
    headers: {
      authorization: `Bearer ${createHmac("sha256", secrets.sessionSecret).update("psd2-tpp-demo: npm run tpp:refresh").digest("base64url")}`,
    },
    maxRedirects: 0,
  });
  expect(ran.status()).toBe(200);
  // The demo user is connected as Per Olav: his accounts, each with what was read or not sent.
  expect(await ran.text()).toMatch(/^demo \(by hand, bank time .*\)\n {2}Brukskonto \S+ \(account \S+\)\n {4}balances: /m);
});
