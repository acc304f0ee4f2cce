/**
 * A sandbox bank for inject() tests: a fresh database of the given kind with the sandbox
 * dataset, the shared test PKI as extra trust anchors, and the sandbox clock frozen at a fixed
 * instant (tests move it with `app.bank.clock.advance`). Every /v1 reply is checked against
 * /openapi.json (reply-check.ts).
 */
import type { FastifyInstance } from "fastify";
import { buildBank } from "../app";
import { loadBankConfig } from "../config";
import type { OpenedBankDatabase } from "../db/open-bank-database";
import { createSettingsRepository } from "../repositories/settings-repository";
import { PKI_SETTING } from "../services/pki/bank-pki";
import { initializeSandbox } from "../services/sandbox/initialize-sandbox";
import { registerReplyCheck } from "./reply-check";
import { readSharedFile } from "./shared-test-pki";
import { createTestDatabase, type TestDatabaseKind } from "./test-database";

/** Noon in Oslo on the seeded dataset's today. */
export const TEST_NOW = new Date("2026-01-10T11:00:00Z");
export const TEST_PUBLIC_URL = "http://bank.test";

export async function buildTestBank(kind: TestDatabaseKind, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildTestBankOn(await createTestDatabase(kind), env);
  await initializeSandbox({ db: app.bank.db, clock: app.bank.clock });
  return app;
}

/**
 * The CA and seal (with their keys) that this process's first test bank of a name made, given to
 * the next test banks of that name on databases that have none, as if each had started before:
 * a 3,072-bit CA key and a seal key for every test bank were a sixth of the unit tests' CPU.
 * The making of the PKI itself is tested on databases of its own (first-start.test.ts,
 * sandbox-time-window.test.ts), which do not come here.
 */
const pkiByBankName = new Map<string, unknown>();

/**
 * A test bank on a database already made (with the sandbox's data or not): the shared test PKI as
 * extra trust anchors, the sandbox clock frozen at TEST_NOW, every /v1 reply checked.
 */
export async function buildTestBankOn(database: OpenedBankDatabase, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadBankConfig({ BANK_PUBLIC_URL: TEST_PUBLIC_URL, ...env });
  const settings = createSettingsRepository(database.db);
  const kept = pkiByBankName.get(config.bankName);
  if (kept !== undefined && (await settings.get(PKI_SETTING)) === undefined) await settings.set(PKI_SETTING, kept, TEST_NOW);
  const app = await buildBank({
    config,
    database,
    extraTrustAnchorsPem: readSharedFile("keys/trusted-cas.pem"),
    realNow: () => TEST_NOW,
    instrumentV1: registerReplyCheck,
  });
  await app.bank.clock.set(TEST_NOW, { frozen: true });
  if (!pkiByBankName.has(config.bankName)) pkiByBankName.set(config.bankName, await settings.get(PKI_SETTING));
  return app;
}
