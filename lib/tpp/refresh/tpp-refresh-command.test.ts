/**
 * `npm run tpp:refresh` as an operator runs it, against a real sandbox bank: with no app running
 * it opens the app's database itself (PGlite in TPP_DATA_DIR), reads each connected user's
 * accounts without the PSU and prints per user and account what it read (run-refresh.test.ts holds
 * the reads it skips to the same words). Then the operator's token that asks a running app.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTppDatabase } from "../db/open-tpp-database";
import { connectTestPsu } from "../testing/connect-test-psu";
import { createTestAspspClient, type TestAspspClient } from "../testing/create-test-aspsp-client";
import { freePort } from "../../../testing/bank-process";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { testPki } from "../testing/test-pki";
import { isRefreshOperator, refreshOperatorToken } from "./operator-token";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("npm run tpp:refresh with no app running", () => {
  let bank: SandboxBank;
  let tpp: TestAspspClient;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    bank = await startSandboxBank();
    tpp = await createTestAspspClient(bank.url);
    dataDir = await mkdtemp(path.join(tmpdir(), "tpp-refresh-"));
    await writeFile(path.join(dataDir, "tpp.pem"), testPki.tppCertificatePem);
    await writeFile(path.join(dataDir, "tpp.key"), testPki.tppKeyPem);
    // The app's database, with a user connected as the app's certificate's TPP would be.
    const database = await openTppDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      await connectTestPsu(bank.url, tpp.client, database.db, { customerNumber: "13039319955", username: "ingrid" });
    } finally {
      await database.close();
    }
    // Nothing listens at the app's address: the command runs the refresh itself.
    const appUrl = `http://127.0.0.1:${await freePort()}`;
    env = {
      ...process.env,
      ASPSP_ENVIRONMENT: "sandbox",
      ASPSP_BASE_URL: bank.url,
      TPP_DATA_DIR: dataDir,
      TPP_CERT_FILE: path.join(dataDir, "tpp.pem"),
      TPP_KEY_FILE: path.join(dataDir, "tpp.key"),
      NEXTAUTH_URL: appUrl,
      TPP_REDIRECT_URI: `${appUrl}/callback`,
      DATABASE_URL: "",
    };
  }, 120_000);

  afterAll(async () => {
    await tpp?.client.close();
    await bank?.close();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  const run = () =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        path.join(root, "node_modules/.bin/tsx"),
        ["--conditions=react-server", "scripts/tpp-refresh.ts"],
        { cwd: root, env, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
      );
    });

  it("prints per user and account what it read", async () => {
    const first = await run();
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("this process runs the refresh on the app's database");
    expect(first.stdout).toMatch(/^ingrid \(by hand, bank time .*\)$/m);
    expect(first.stdout).toMatch(
      /^ {2}Brukskonto \S+ \(account \S+\)\n {4}balances: read, 3 balances\n {4}transactions: read, \d+ booked/m,
    );
  }, 300_000);
});

describe("the operator's token", () => {
  const secret = "s".repeat(32);
  it("is asked for with Bearer, compared whole", () => {
    const token = refreshOperatorToken(secret);
    expect(isRefreshOperator(`Bearer ${token}`, secret)).toBe(true);
    expect(isRefreshOperator(`Bearer ${token}`, "t".repeat(32))).toBe(false);
    expect(isRefreshOperator(`Bearer ${token.slice(0, -1)}`, secret)).toBe(false);
    expect(isRefreshOperator(token, secret)).toBe(false);
    expect(isRefreshOperator(null, secret)).toBe(false);
    expect(isRefreshOperator("Bearer ", secret)).toBe(false);
  });
});
