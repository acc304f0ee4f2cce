/**
 * What the specs that walk the app as the demo user share around their serial tests: a browser
 * context of their own at a desktop's size, the demo user signed in on its page, the sandbox clock
 * stopped while they run (where the spec runs the bank's batch itself), and the demo user left as
 * it was found (a bank connection made by the spec forgotten when it had none before).
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { freezeClock, passBankLogin, unfreezeClock } from "./payments";
import { appUrl, confirmAccounts, DESKTOP, INGRID, signIn } from "./tpp-app";

/** Whether the demo user signed in on `page` has no bank connection: the settings page says the app has no PSU-ID for it. */
export async function hasNoBankConnection(page: Page): Promise<boolean> {
  await page.goto("/settings");
  return page.getByText("The app has no PSU-ID for you").isVisible();
}

/** Forgets the demo user's bank connection on the settings page, where there is one to forget. */
export async function forgetBankConnection(page: Page): Promise<void> {
  await page.goto("/settings");
  const forget = page.getByRole("button", { name: "Forget this bank connection" });
  if (await forget.isEnabled()) {
    await forget.click();
    await expect(page.getByText("The app has no PSU-ID for you")).toBeVisible();
  }
}

export type SignedInPageOptions = {
  /** The sandbox clock stopped before the first test and running on after the last. */
  frozenClock?: boolean;
  /** The demo user left as found: with no bank connection after the tests when it had none before. */
  restoreConnection?: boolean;
  /** Prepares the context before its page opens (routes, bindings, init scripts). */
  prepare?: (context: BrowserContext) => Promise<void>;
};

export type SignedInPage = {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Whether the demo user had no bank connection before the tests (known with `restoreConnection`). */
  readonly unconnectedBefore: boolean;
};

async function open(
  browser: Browser,
  options: SignedInPageOptions,
): Promise<{ context: BrowserContext; page: Page; unconnectedBefore: boolean }> {
  if (options.frozenClock === true) await freezeClock();
  const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
  await options.prepare?.(context);
  const page = await context.newPage();
  await signIn(page);
  const unconnectedBefore = options.restoreConnection === true && (await hasNoBankConnection(page));
  return { context, page, unconnectedBefore };
}

/**
 * The page of the calling scope's tests (a file or a describe block, its tests serial): opened
 * and signed in before the first (test.beforeAll), closed after the last (test.afterAll), with
 * the options' clock and connection kept. Read `page` and `context` in the tests and in hooks
 * declared after this call.
 */
export function useSignedInPage(options: SignedInPageOptions = {}): SignedInPage {
  let opened: { context: BrowserContext; page: Page; unconnectedBefore: boolean } | undefined;
  const session = {
    get context(): BrowserContext {
      if (opened === undefined) throw new Error("the signed-in page is not open yet (read it in a test or a later hook)");
      return opened.context;
    },
    get page(): Page {
      if (opened === undefined) throw new Error("the signed-in page is not open yet (read it in a test or a later hook)");
      return opened.page;
    },
    get unconnectedBefore(): boolean {
      return opened?.unconnectedBefore ?? false;
    },
  };
  test.beforeAll(async ({ browser }) => {
    opened = await open(browser, options);
  });
  test.afterAll(async () => {
    try {
      // The specs after this one find the demo user as this one did.
      if (opened?.unconnectedBefore === true) await forgetBankConnection(opened.page);
      await opened?.context.close();
    } finally {
      if (options.frozenClock === true) await unfreezeClock();
    }
  });
  return session;
}

/**
 * Connects the demo user to Ingrid in her private context, sharing `accounts`, whoever was
 * connected before (the home page's "Connect another customer", or "Connect your bank" when no
 * one was), and waits for the accounts page.
 */
export async function connectIngrid(page: Page, accounts: RegExp[]): Promise<void> {
  await page.goto("/");
  const another = page.getByRole("link", { name: "Connect another customer" });
  await ((await another.count()) > 0 ? another : page.getByRole("link", { name: "Connect your bank", exact: true })).click();
  await passBankLogin(page, INGRID);
  await confirmAccounts(page, { check: accounts });
  await page.waitForURL(`${appUrl}/accounts`);
}
