/**
 * Reading without the PSU, as a user sees it: connected as Per Olav Johansen, the app's refresh
 * asked for five times in one sandbox day from the control room (four reads per account and kind
 * reach the bank, the fifth is not sent and the overview says when the next frees), the clock 170
 * days on (the overview's renewal notice with a Renew), 181 days on (nothing sent, and the
 * overview says why), and an account unticked at the bank (marked no longer shared, no error).
 *
 * Each test stands alone on a page of its own (e2e/support/fixtures.ts, the worker's sign-in): the
 * first connects the demo user as Per Olav and keeps that connection (his Brukskonto's id and the
 * browser's cookies, its PSU session) for the later tests of its worker, which otherwise connect him
 * themselves; the first refreshes' four reads, which the 181 days' test counts, are likewise made
 * again by it when run alone. A test that moves the sandbox clock puts it back to the real time
 * before it ends. The connection is left as Per Olav (the next "connected" test connects Ingrid).
 * @see docs/interface/authentication.md#psu-present-or-absent, docs/interface/limits.md#limits-in-the-spec; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Cookie, Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, keep, type MadeEarlier, once, test } from "./support/fixtures";
import { bank, freezeClock, unfreezeClock } from "./support/payments";
import { act } from "./support/sandbox-control-room";
import { forgetBankConnection } from "./support/signed-in-page";
import { appUrl, confirmAccounts, logInAtBank, shoot } from "./support/tpp-app";
import { requireSandboxControls } from "./support/targets";

const PER_OLAV = "12085592767";
const MAIN = /^Brukskonto/;
const SAVINGS = /^Sparekonto 60\+/;

requireSandboxControls("the sandbox clock (170 and 181 days on), the control room's refresh and the sandbox's known customers");
// Each test on a page of its own, in any worker, the demo user signed in (e2e/support/fixtures.ts).
test.describe.configure({ mode: "parallel" });
test.use({ demoUserSession: "signed in" });

/** The demo user connected as Per Olav by a test: his Brukskonto's id, and the cookies of that browser (its PSU session and approval). */
type PerOlavConnection = { mainId: string; cookies: Cookie[] };
/** The names under which a test keeps what it made for the later tests of its worker (made again by them when run alone). */
const CONNECTED_AS_PER_OLAV = "tpp-refresh: connected as Per Olav";
const FOUR_READS_MADE = "tpp-refresh: four reads of each kind made without the PSU";

/** Connects the demo user as Per Olav, sharing Brukskonto and Sparekonto 60+, from no connection; the page is left on /accounts. */
async function connectPerOlav(page: Page): Promise<PerOlavConnection> {
  await forgetBankConnection(page);
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Connect your bank" }).click();
  await logInAtBank(page, PER_OLAV);
  await confirmAccounts(page, { check: [MAIN, SAVINGS] });
  await page.waitForURL(`${appUrl}/accounts`);
  const mainId = ((await page.getByRole("link", { name: MAIN }).getAttribute("href")) ?? "").split("/").pop() ?? "";
  expect(mainId).not.toBe("");
  return { mainId, cookies: await page.context().cookies() };
}

/** The demo user connected as Per Olav on `page` (by an earlier test of the worker, whose cookies it takes, or now); his Brukskonto's id. */
async function connectedAsPerOlav(page: Page, made: MadeEarlier): Promise<string> {
  const connection = await once(made, CONNECTED_AS_PER_OLAV, () => connectPerOlav(page));
  await page.context().addCookies(connection.cookies);
  return connection.mainId;
}

const overview = (page: Page) => page.getByRole("region", { name: "Your accounts, as last read" });
const accountIn = (region: Locator, name: string) =>
  region.getByRole("listitem").filter({ has: region.page().getByRole("link", { name, exact: true }) });

/** The control room's "Run the app's refresh now", and what it said. */
async function refreshNow(page: Page): Promise<string> {
  await page.goto("/sandbox");
  const form = page.getByRole("form", { name: "Run the app's refresh" });
  await act(page, form, form.getByRole("button", { name: "Run the app's refresh now" }));
  return (await form.getByRole("status").textContent()) ?? "";
}

/** The request inspector's calls made without the PSU to a path. */
async function callsWithoutPsu(page: Page, path: string): Promise<number> {
  await page.goto(`/inspector?path=${encodeURIComponent(path)}`);
  const table = page.getByRole("table", { name: "Calls to the bank, newest first" });
  await expect(table.or(page.getByText("No calls", { exact: false })).first()).toBeVisible();
  return table.locator("tbody tr").filter({ hasText: "Without the PSU" }).count();
}

/**
 * Moves the sandbox clock at the bank (as another tool would) and opens the home page once the app
 * has read the clock again (it reads the bank's clock at most every 5 seconds) and shows `ready`.
 */
async function moveClockAndOpenHome(
  page: Page,
  move: { advance: string } | { reset: true },
  ready: (page: Page) => Promise<void>,
): Promise<void> {
  const moved = await bank.post("/v1/sandbox/clock", move);
  expect(moved.status).toBe(200);
  await expect(async () => {
    await page.goto("/");
    await ready(page);
  }).toPass({ timeout: 30_000 });
}

/**
 * Puts the sandbox clock back to the real time and waits until the app has read it again (no
 * notice of the approval's end on the home page): the tests after find the clock as they would.
 */
async function resetClock(page: Page): Promise<void> {
  await moveClockAndOpenHome(page, { reset: true }, () =>
    expect(page.getByRole("region", { name: /^Your approval (ends soon|has ended)$/ })).toHaveCount(0, { timeout: 1_000 }),
  );
}

/** Four refreshes in one sandbox day (the clock stopped): the four reads of each kind the bank allows in 24 hours, used. */
async function makeFourReads(page: Page): Promise<void> {
  await freezeClock();
  try {
    for (let run = 1; run <= 4; run += 1) expect(await refreshNow(page), `refresh ${run}`).toMatch(/Brukskonto \d+: balances read/);
  } finally {
    await unfreezeClock();
  }
}

test("connected as Per Olav: the overview shows each account as read with him there", async ({ page, madeEarlier }) => {
  keep(madeEarlier, CONNECTED_AS_PER_OLAV, await connectPerOlav(page));
  await page.goto("/");
  const main = accountIn(overview(page), "Brukskonto");
  await expect(main).toContainText(/Read .* with you/);
  await expect(main).toContainText("Reads without you left in 24 hours: balances 4 of 4, transactions 4 of 4");
});

test("five refreshes in one sandbox day: four reads per account and kind reach the bank, the fifth is not sent", async ({
  page,
  madeEarlier,
}) => {
  const mainId = await connectedAsPerOlav(page, madeEarlier);
  await freezeClock();
  try {
    const first = await refreshNow(page);
    expect(first).toContain("the app read without you");
    expect(first).toMatch(/Brukskonto \d+: balances read/);
    for (let run = 2; run <= 4; run += 1) expect(await refreshNow(page), `refresh ${run}`).toMatch(/Brukskonto \d+: balances read/);
    const fifth = await refreshNow(page);
    expect(fifth).toMatch(/Brukskonto \d+: balances not sent: The 4 calls without the PSU in 24 hours are used; the next is free at /);
    await shoot(page, "refresh-01-fifth-not-sent", { phone: true });
    await expectNoSeriousA11yViolations(page, "control room after the fifth refresh");
    expect(await callsWithoutPsu(page, `/v1/accounts/${mainId}/balances`)).toBe(4);
    expect(await callsWithoutPsu(page, `/v1/accounts/${mainId}/transactions`)).toBe(4);
    await page.goto("/");
    const main = accountIn(overview(page), "Brukskonto");
    await expect(main).toContainText(/Read .* without you/);
    await expect(main).toContainText(/balances 0 of 4, transactions 0 of 4; the next frees at /);
    await shoot(page, "refresh-02-overview", { phone: true });
    await expectNoSeriousA11yViolations(page, "overview after reads without the PSU");
    keep(madeEarlier, FOUR_READS_MADE, true);
  } finally {
    await unfreezeClock();
  }
});

test("170 days on: the overview says when reading without the PSU ends, with a Renew", async ({ page, madeEarlier }) => {
  await connectedAsPerOlav(page, madeEarlier);
  const notice = page.getByRole("region", { name: "Your approval ends soon" });
  try {
    await moveClockAndOpenHome(page, { advance: "P170D" }, () =>
      expect(notice).toContainText(/Reading without you ends on .*, in 10 days/, { timeout: 1_000 }),
    );
    await expect(notice.getByRole("link", { name: "Renew at the bank" })).toHaveAttribute("href", /^\/connect\?returnTo=%2F/);
    await shoot(page, "refresh-03-renewal-notice", { phone: true });
    await expectNoSeriousA11yViolations(page, "overview with the renewal notice");
  } finally {
    await resetClock(page);
  }
});

test("181 days on: nothing is sent without the PSU, and the overview and the control room say why", async ({ page, madeEarlier }) => {
  const mainId = await connectedAsPerOlav(page, madeEarlier);
  // The four reads of each kind the five refreshes made (by that test, or now).
  await once(madeEarlier, FOUR_READS_MADE, () => makeFourReads(page));
  try {
    // 181 days on from the approval (the clock at the real time before: a test that moved it put it back).
    await moveClockAndOpenHome(page, { advance: "P181D" }, () =>
      expect(page.getByRole("region", { name: "Your approval has ended" })).toContainText(
        "Until you renew, the app sends nothing to the bank without you",
        { timeout: 1_000 },
      ),
    );
    const said = await refreshNow(page);
    expect(said).toMatch(/the app read nothing without you: The PSU's last SCA was at .*: reads without the PSU ended 180 days later/);
    expect(await callsWithoutPsu(page, `/v1/accounts/${mainId}/balances`)).toBe(4);
    await page.goto("/");
    await shoot(page, "refresh-04-ended", { phone: true });
    await expectNoSeriousA11yViolations(page, "overview after the 180 days");
  } finally {
    await resetClock(page);
  }
});

test("an account unticked at the bank is marked no longer shared, what was read kept, and no error shown", async ({
  page,
  madeEarlier,
}) => {
  // Back to the real time, once the app has read the clock again: the SCA below is kept on it.
  await resetClock(page);
  await connectedAsPerOlav(page, madeEarlier);
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Choose accounts" }).click();
  await logInAtBank(page, PER_OLAV);
  await confirmAccounts(page, { uncheck: [SAVINGS] });
  await page.waitForURL(`${appUrl}/accounts`);
  await page.goto("/");
  const savings = accountIn(overview(page), "Sparekonto 60+");
  await expect(savings.getByText("No longer shared", { exact: true })).toBeVisible();
  await expect(savings).toContainText(/No longer shared with this app since .*What it read before is kept here/);
  await expect(savings).toContainText(/Read .* \(before it was unshared\)/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  // Read no more: the next refresh leaves it out.
  expect(await refreshNow(page)).not.toContain("Sparekonto");
  await page.goto("/");
  await shoot(page, "refresh-05-unshared", { phone: true });
  await expectNoSeriousA11yViolations(page, "overview with an account no longer shared");
});

test("npm run tpp:refresh's way in: POST /api/refresh runs the refresh with the operator's token, and refuses without it", async ({
  request,
  page,
  madeEarlier,
}) => {
  await connectedAsPerOlav(page, madeEarlier);
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
