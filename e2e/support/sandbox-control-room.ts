/**
 * What the control room's spec needs besides the page: the sandbox bank's state read through the
 * signed client (the clock, the customers, a card account's transactions) and set through it where
 * a test sets up or puts back what it needs (a customer made by hand, the clock at the real time,
 * an account's booked balance), and a second app server in production mode on the same build, with
 * a user of its own.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";
import {
  sandboxClockStateSchema,
  sandboxCustomerSchema,
  sandboxCustomersSchema,
  type SandboxClockState,
  type SandboxCustomer,
} from "../../lib/psd2/schemas";
import { freePort } from "../../testing/bank-process";
import { bankUrl, createSignedBankClient } from "./signed-bank-client";

export const bank = createSignedBankClient();

const root = fileURLToPath(new URL("../../", import.meta.url));

/** GET /v1/sandbox/clock, read with lib/psd2's schema. */
export async function readClock(): Promise<SandboxClockState> {
  const reply = await bank.get("/v1/sandbox/clock");
  expect(reply.status).toBe(200);
  return sandboxClockStateSchema.parse(reply.body);
}

/** GET /v1/sandbox/customers. */
export async function readCustomers(): Promise<SandboxCustomer[]> {
  const reply = await bank.get("/v1/sandbox/customers");
  expect(reply.status).toBe(200);
  return sandboxCustomersSchema.parse(reply.body).customers;
}

/** POST /v1/sandbox/clock {"reset": true}: the clock back at the real time, running. */
export async function resetClock(): Promise<void> {
  const reply = await bank.post("/v1/sandbox/clock", { reset: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** A customer made by hand: POST /v1/sandbox/customers with a customer number of this run (11 digits, a leading 0). */
export async function createCustomer(customerName: string, customerType: "PRIVATE" | "CORPORATE"): Promise<SandboxCustomer> {
  const customerNumber = `0${String(Date.now()).slice(-10)}`;
  const reply = await bank.post("/v1/sandbox/customers", { customerNumber, customerName, customerType });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return sandboxCustomerSchema.parse(reply.body);
}

/** PUT /v1/sandbox/accounts/{id}/balances: the account's booked balance (`amount` with the currency's fraction digits). */
export async function setBookedBalance(accountId: string, amount: string, currency = "NOK"): Promise<void> {
  const reply = await bank.put(`/v1/sandbox/accounts/${encodeURIComponent(accountId)}/balances`, { balanceAmount: { currency, amount } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** The sandbox clock's distance from the real time in seconds (running), or its instant (frozen), for comparing two readings. */
export function secondsBetween(before: SandboxClockState, after: SandboxClockState): number {
  return before.frozen && after.frozen
    ? (Date.parse(after.now) - Date.parse(before.now)) / 1000
    : after.offsetSeconds - before.offsetSeconds;
}

/**
 * Clicks a button of a control room form and waits for its Server Action's answer (a POST to
 * /sandbox) and the outcome it shows: the summary (role status) or the refusal (role alert).
 */
export async function act(page: Page, form: Locator, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/sandbox",
  );
  await button.click();
  expect((await answered).status()).toBe(200);
  await expect(form.getByRole("status").or(form.getByRole("alert")).first()).toBeVisible();
}

/**
 * A user in the app's database, made by e2e/support/create-app-user.ts in a process of its own:
 * lib/tpp's database and password modules are server-only (the react-server condition, as in Next).
 */
async function createAppUser(dataDir: string, username: string, displayName: string, password: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["--conditions=react-server", "e2e/support/create-app-user.ts", dataDir, username, displayName],
      { cwd: root, timeout: 120_000 },
      (error, _stdout, stderr) =>
        error === null ? resolve() : reject(new Error(`e2e/support/create-app-user.ts failed: ${error.message}\n${stderr}`)),
    );
    child.stdin?.end(password);
  });
}

export interface ProductionApp {
  readonly url: string;
  readonly username: string;
  readonly password: string;
  /** The server's last lines, for a failing test's message. */
  output(): string;
  /** SIGTERM (SIGKILL after 20 s), and waits for the process to end. */
  close(): Promise<void>;
}

/**
 * The app as production runs it: `next start` on the build `npm run build` made, with
 * ASPSP_ENVIRONMENT=production, its own data in .data/e2e-prod (a user made there first, as
 * production makes no demo user), the shared test PKI's certificate files, and the end-to-end
 * bank as ASPSP_BASE_URL.
 */
export async function startProductionApp(): Promise<ProductionApp> {
  const dataDir = path.join(root, ".data/e2e-prod/tpp");
  rmSync(path.join(root, ".data/e2e-prod"), { recursive: true, force: true });
  const username = "operator";
  const password = `pw-${randomUUID()}`;
  await createAppUser(path.join(dataDir, "db"), username, "Operator", password);

  const port = await freePort();
  const url = `http://localhost:${port}`;
  const keys = path.join(root, "test-vectors/signature/keys");
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production" };
  // Only what a server needs from this process: no setting of the sandbox app's leaks in.
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR", "NODE_OPTIONS"]) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.assign(env, {
    NEXT_TELEMETRY_DISABLED: "1",
    ASPSP_ENVIRONMENT: "production",
    ASPSP_BASE_URL: bankUrl,
    TPP_CERT_FILE: path.join(keys, "tpp.cert.pem"),
    TPP_KEY_FILE: path.join(keys, "tpp.key.pem"),
    TPP_DATA_DIR: dataDir,
    TPP_REDIRECT_URI: `${url}/callback`,
    NEXTAUTH_URL: url,
    SESSION_SECRET: randomUUID() + randomUUID(),
    NEXTAUTH_SECRET: randomUUID() + randomUUID(),
  });
  const lines: string[] = [];
  const child: ChildProcess = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port)], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((line) => line.trim() !== ""),
      );
      if (lines.length > 80) lines.splice(0, lines.length - 80);
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = () => lines.join("\n");
  async function close(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(killer);
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the production app stopped (exit ${child.exitCode}):\n${output()}`);
    const ready = await fetch(`${url}/signin`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the production app did not answer on ${url} within 120 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, username, password, output, close };
}
