/**
 * Playwright's `test` with the demo user's sign-in and bank connection as fixtures, so that each
 * test stands alone (runs by itself, in any order, and a failure stops only itself) without paying
 * for a sign-in and a consent at the bank in every test:
 *
 * - worker-scoped, `demoUser`: the demo user signed in once per worker, and Ingrid connected once
 *   per worker (her Brukskonto, Sparekonto and card shared, in her private context), each kept as
 *   the browser's storage state (its cookies: the app's sign-in, the PSU session, the bank's
 *   login) in a file under the project's output directory; nothing is done until a test asks;
 * - test-scoped, `demoUserSession` ("signed out", "signed in" or "connected"): Playwright's own
 *   `context` and `page` are opened from that storage state, a new context for every test. With
 *   "connected" the page first checks, on /accounts, that the demo user is still connected as
 *   Ingrid with her three accounts, and connects her again when not (a spec run before in this
 *   worker may have forgotten the connection, connected someone else, moved the sandbox clock past
 *   the approval's hour, or initialised the bank): the test finds that state whatever ran before;
 * - test-scoped, `frozenClock`: the sandbox clock stopped before the test and running on after it
 *   (no scheduled batch run settles a payment between two steps; the test runs the batch itself);
 * - worker-scoped, `madeEarlier`: what a test made and left (a payment flow, payments of a kind)
 *   for a later test of the same worker to use, made again by the later test when it is run alone.
 *
 * A test that signs out, or needs a sign-in or a connection that is not this one, opens its own
 * (signIn on a page of a context of its own); one that changes the connection leaves it to the
 * next "connected" test to connect Ingrid again.
 *
 * @see docs/testing.md#end-to-end-fixtures
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, type Browser, type Page } from "@playwright/test";
import { freezeClock, unfreezeClock } from "./payments";
import { connectIngrid } from "./signed-in-page";
import { appUrl, CARD, DESKTOP, MAIN, SAVINGS, signIn } from "./tpp-app";

/** Ingrid's accounts the worker's connection shares. */
export const SHARED_ACCOUNTS = [MAIN, SAVINGS, CARD] as const;

export type DemoUserSession = "signed out" | "signed in" | "connected";

/** The worker's demo user: its storage state files, made on first use. */
export type DemoUser = {
  /** The storage state of the demo user signed in (with Ingrid connected once a test has asked for it). */
  storageState(session: Exclude<DemoUserSession, "signed out">): Promise<string>;
  /** Ingrid connected on `page` with SHARED_ACCOUNTS: checked on /accounts, connected again when not. */
  ensureConnected(page: Page): Promise<void>;
  /**
   * Keeps the connection the test made on `page` (Ingrid connected there with SHARED_ACCOUNTS, by
   * the test itself: a new approval) as the worker's, for the contexts opened from now on.
   */
  keepConnection(page: Page): Promise<void>;
};

/** What the worker's tests made and left for others, by name (see `once`). */
export type MadeEarlier = Map<string, unknown>;

/**
 * The thing named `name` that an earlier test of this worker made and kept with `keep`, or made
 * now by `make` (when the test runs alone, or before the one that makes it) and kept.
 */
export async function once<T>(made: MadeEarlier, name: string, make: () => Promise<T>): Promise<T> {
  if (made.has(name)) return made.get(name) as T;
  // The test does another's work besides its own: it gets that test's time too.
  const info = base.info();
  info.setTimeout(info.timeout + info.project.timeout);
  const value = await make();
  made.set(name, value);
  return value;
}

/** Keeps what a test made for the later tests of its worker (see `once`). */
export function keep<T>(made: MadeEarlier, name: string, value: T): void {
  made.set(name, value);
}

/** Whether the page, on /accounts, shows Ingrid's shared accounts (not the bank's login, nor someone else's, nor none). */
async function showsIngridConnected(page: Page): Promise<boolean> {
  await page.goto("/accounts");
  const main = page.getByRole("link", { name: MAIN });
  const settled = main.or(page.getByText("No bank connected yet")).or(page.getByRole("alert")).first();
  // An approval past its hour sends the browser on to the bank's login.
  const left = page.waitForURL((url) => !url.href.startsWith(`${appUrl}/accounts`), { timeout: 20_000 });
  const outcome = await Promise.race([
    settled.waitFor({ state: "visible", timeout: 20_000 }).then(() => "shown" as const),
    left.then(() => "left" as const),
  ]).catch(() => "neither" as const);
  left.catch(() => undefined);
  if (outcome !== "shown" || !page.url().startsWith(`${appUrl}/accounts`)) return false;
  for (const account of SHARED_ACCOUNTS) if (!(await page.getByRole("link", { name: account }).isVisible())) return false;
  return true;
}

function workerDemoUser(browser: Browser, directory: string): DemoUser {
  const signedInFile = path.join(directory, "signed-in.json");
  const connectedFile = path.join(directory, "connected.json");
  let signedIn: Promise<string> | undefined;
  let connected: Promise<string> | undefined;

  async function signInOnce(): Promise<string> {
    mkdirSync(directory, { recursive: true });
    const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP });
    try {
      await signIn(await context.newPage());
      await context.storageState({ path: signedInFile });
    } finally {
      await context.close();
    }
    return signedInFile;
  }

  async function connect(page: Page): Promise<void> {
    await connectIngrid(page, [...SHARED_ACCOUNTS]);
    // The PSU session of this connection, for the contexts opened from now on.
    await page.context().storageState({ path: connectedFile });
  }

  async function connectOnce(): Promise<string> {
    const context = await browser.newContext({ baseURL: appUrl, viewport: DESKTOP, storageState: await user.storageState("signed in") });
    try {
      await connect(await context.newPage());
    } finally {
      await context.close();
    }
    return connectedFile;
  }

  const user: DemoUser = {
    storageState(session) {
      if (session === "signed in") return (signedIn ??= signInOnce());
      return (connected ??= connectOnce());
    },
    async ensureConnected(page) {
      if (!(await showsIngridConnected(page))) await connect(page);
    },
    async keepConnection(page) {
      mkdirSync(directory, { recursive: true });
      await page.context().storageState({ path: connectedFile });
      connected = Promise.resolve(connectedFile);
    },
  };
  return user;
}

export const test = base.extend<
  { demoUserSession: DemoUserSession; frozenClock: boolean; sandboxClock: void },
  { demoUser: DemoUser; madeEarlier: MadeEarlier }
>({
  demoUser: [
    async ({ browser }, use, workerInfo) => {
      await use(workerDemoUser(browser, path.join(workerInfo.project.outputDir, ".demo-user", `worker-${workerInfo.parallelIndex}`)));
    },
    { scope: "worker" },
  ],
  madeEarlier: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],
  demoUserSession: ["signed out", { option: true }],
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
  viewport: DESKTOP,
  storageState: async ({ demoUserSession, demoUser, storageState }, use) => {
    await use(demoUserSession === "signed out" ? storageState : await demoUser.storageState(demoUserSession));
  },
  page: async ({ page, demoUserSession, demoUser }, use) => {
    if (demoUserSession === "connected") await demoUser.ensureConnected(page);
    await use(page);
  },
});

export { expect } from "@playwright/test";
