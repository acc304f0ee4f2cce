import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TppError } from "@/lib/tpp/errors";
import { testPki } from "@/lib/tpp/testing/test-pki";

// Nothing may reach the bank, the database or the sign-in in production: each is a spy that fails.
const touched = vi.hoisted(() => ({ connection: 0, runtime: 0, user: 0 }));
vi.mock("@/lib/tpp/runtime", () => ({
  getAspspConnection: () => {
    touched.connection += 1;
    throw new Error("the bank was called in production");
  },
  getTppRuntime: () => {
    touched.runtime += 1;
    throw new Error("the database was opened in production");
  },
}));
vi.mock("@/lib/tpp/auth/get-current-user", () => ({
  getCurrentUser: () => {
    touched.user += 1;
    throw new Error("the user was read in production");
  },
  requireCurrentUser: () => {
    touched.user += 1;
    throw new Error("the user was read in production");
  },
}));

const actions = await import("./actions");
const { default: SandboxPage } = await import("./page");
const { getSandboxContext, isSandboxEnvironment } = await import("@/lib/tpp/sandbox/sandbox-context");

const work = mkdtempSync(path.join(tmpdir(), "tpp-sandbox-actions-"));
const PRODUCTION = {
  ASPSP_ENVIRONMENT: "production",
  ASPSP_BASE_URL: "https://api.bank.example",
  TPP_REDIRECT_URI: "https://tpp.example/callback",
  NEXTAUTH_URL: "https://tpp.example",
  SESSION_SECRET: "s".repeat(32),
  NEXTAUTH_SECRET: "n".repeat(32),
  TPP_CERT_FILE: testPki.path("tpp.cert.pem"),
  TPP_KEY_FILE: testPki.path("tpp.key.pem"),
  TPP_DATA_DIR: work,
};
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  // The configuration is read once per process: start from production's.
  globalThis.__psd2TppConfig = undefined;
  for (const [name, value] of Object.entries(PRODUCTION)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(() => {
  globalThis.__psd2TppConfig = undefined;
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(work, { recursive: true, force: true });
});

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

// Valid values, so that nothing but the environment stands in the way.
const ACTIONS: [string, (state: object, data: FormData) => Promise<unknown>, FormData][] = [
  ["setClock", actions.setClock, form({ now: "2026-03-02T05:00", frozen: "false" })],
  ["moveClock", actions.moveClock, form({ move: "advance-hour" })],
  ["runBatchNow", actions.runBatchNow, form({})],
  ["runAppRefresh", actions.runAppRefresh, form({})],
  ["runScenarioPreset", actions.runScenarioPreset, form({ scenario: "fresh-start" })],
  ["initialize", actions.initialize, form({ understood: "on" })],
  [
    "createCustomerAction",
    actions.createCustomerAction,
    form({ customerNumber: "01019012345", customerName: "Kari Nordmann", customerType: "PRIVATE" }),
  ],
  ["createAccountAction", actions.createAccountAction, form({ customerId: "c-1", name: "Reisekonto" })],
  [
    "createCardAccountAction",
    actions.createCardAccountAction,
    form({ customerId: "c-1", name: "Reisekort", "creditLimit.amount": "20000.00" }),
  ],
  [
    "createAgreementAction",
    actions.createAgreementAction,
    form({ customerId: "c-1", name: "Lie Eiendom AS", organisationNumber: "926148338", accountIds: "a-1" }),
  ],
  ["addAccountTransactionAction", actions.addAccountTransactionAction, form({ accountId: "a-1", "transactionAmount.amount": "-349.90" })],
  [
    "addCardTransactionAction",
    actions.addCardTransactionAction,
    form({ cardAccountId: "k-1", "transactionAmount.amount": "-580.25", merchantCategoryCode: "5812" }),
  ],
  ["setBalanceAction", actions.setBalanceAction, form({ target: "account:a-1", "balanceAmount.amount": "10.00" })],
];

describe("the sandbox control room in production (ASPSP_ENVIRONMENT=production)", () => {
  it("every Server Action of app/sandbox/actions.ts is listed here", () => {
    expect(Object.keys(actions).sort()).toEqual(ACTIONS.map(([name]) => name).sort());
  });

  it.each(ACTIONS)("%s refuses before any call: no bank, no database, no user read", async (_name, action, data) => {
    const state = await action({}, data);
    expect(state).toEqual({
      outcome: {
        kind: "refused",
        message: "This app runs in production: the sandbox operations do not exist here, and nothing was sent to the bank.",
      },
    });
    expect(touched).toEqual({ connection: 0, runtime: 0, user: 0 });
  });

  it("the page is absent: notFound() (a 404), before the user or the bank", async () => {
    await expect(SandboxPage()).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
    expect(touched).toEqual({ connection: 0, runtime: 0, user: 0 });
  });

  it("lib/tpp/sandbox refuses too: CONFIG_INVALID naming ASPSP_ENVIRONMENT, before the user or the bank", async () => {
    expect(isSandboxEnvironment()).toBe(false);
    const error = await getSandboxContext().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TppError);
    expect(error).toMatchObject({
      code: "CONFIG_INVALID",
      variable: "ASPSP_ENVIRONMENT",
      message: "ASPSP_ENVIRONMENT is production: the sandbox operations exist in the sandbox only",
    });
    expect(touched).toEqual({ connection: 0, runtime: 0, user: 0 });
  });
});
