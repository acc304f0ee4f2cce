/**
 * The fixtures of the specs that walk the app as the demo user, so that each test sets up what
 * it needs itself and runs alone (`npx playwright test -g "<its title>"`), in any order, a failure
 * stopping only itself:
 *
 * - `page` and `context` signed in as the demo user at a desktop's size: the sign-in is made once
 *   per worker (each worker has servers of its own) and handed to every test's fresh browser
 *   context as Playwright's storage state;
 * - `frozenClock` (test.use({ frozenClock: true })): the sandbox clock stopped while each test
 *   runs (no scheduled batch run settles a payment between two of its steps; the test runs the
 *   batch itself), running on after it;
 * - `connect(...)`: the demo user connected at the bank as the test needs (a new consent through
 *   the bank's login and consent pages), or with no bank connection at all (`forgetBankConnection`).
 *
 * Tests of such specs import `test` and `expect` from here instead of @playwright/test.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { freezeClock, passBankLogin, unfreezeClock } from "./payments";
import { appUrl, chooseContextAtBank, confirmAccounts, DESKTOP, INGRID, signIn } from "./tpp-app";

export { expect };

type TestFixtures = {
  /** A page of a browser context of its own that is not signed in (at a desktop's size). */
  signedOutPage: Page;
  /** Whether the sandbox clock is stopped while each test runs (an option: test.use({ frozenClock: true })). */
  frozenClock: boolean;
  /** Applies `frozenClock` around each test. */
  sandboxClock: void;
};

type WorkerFixtures = {
  /** The storage state file of the demo user's sign-in in this worker's app. */
  demoSignIn: string;
};

/**
 * No cookies: a browser context a test makes itself (browser.newContext) takes the test's options,
 * the demo user's storage state among them, unless it is given another.
 */
const SIGNED_OUT = { cookies: [], origins: [] };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  demoSignIn: [
    async ({ browser }, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, ".sign-in", `demo-${workerInfo.parallelIndex}.json`);
      mkdirSync(path.dirname(file), { recursive: true });
      const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP, storageState: SIGNED_OUT });
      try {
        await signIn(await context.newPage());
        await context.storageState({ path: file });
      } finally {
        await context.close();
      }
      await use(file);
    },
    { scope: "worker" },
  ],
  storageState: async ({ demoSignIn }, use) => {
    await use(demoSignIn);
  },
  viewport: DESKTOP,
  signedOutPage: async ({ browser }, use) => {
    const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP, storageState: SIGNED_OUT });
    try {
      await use(await context.newPage());
    } finally {
      await context.close();
    }
  },
  frozenClock: [false, { option: true }],
  sandboxClock: [
    async ({ frozenClock }, use) => {
      if (!frozenClock) return use();
      await freezeClock();
      try {
        await use();
      } finally {
        await unfreezeClock();
      }
    },
    { auto: true },
  ],
});

/** A connection to make: the customer, the accounts to tick on the bank's consent page, and the agreement a corporate customer acts under. */
export type ConnectAs = {
  psu: string;
  accounts: RegExp[];
  /** The agreement a corporate customer acts under (the bank asks it before the consent page). */
  agreement?: string;
  /** Where the app goes after the bank (default /accounts). */
  returnTo?: string;
};

/**
 * Connects the demo user to a customer at the bank: a new consent for the PSU (the app's
 * /connect with newPsu, whoever was connected before), the bank's login and consent pages, back
 * on `returnTo`.
 */
export async function connect(page: Page, as: ConnectAs): Promise<void> {
  const returnTo = as.returnTo ?? "/accounts";
  await page.goto(`/connect?returnTo=${encodeURIComponent(returnTo)}&newPsu=1`);
  await passBankLogin(page, as.psu);
  if (as.agreement !== undefined) await chooseContextAtBank(page, as.agreement);
  await confirmAccounts(page, { check: as.accounts });
  await page.waitForURL(`${appUrl}${returnTo}`);
}

/** Ingrid, the private customer most specs use, with the accounts given shared. */
export function ingrid(accounts: RegExp[], returnTo?: string): ConnectAs {
  return returnTo === undefined ? { psu: INGRID, accounts } : { psu: INGRID, accounts, returnTo };
}

/** Forgets the demo user's bank connection on the settings page, where there is one to forget: the app then holds no PSU-ID. */
export async function forgetBankConnection(page: Page): Promise<void> {
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await expect(page.getByText("The app has no PSU-ID for you")).toBeVisible();
  }
}
