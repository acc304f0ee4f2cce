/**
 * Run once by vitest before any test file (vitest.config.ts, globalSetup): builds the bank's
 * bundle when its sources changed since, so that the test files' banks start from it
 * (testing/bank-process.ts, spawnBundledBankProcess) without each worker building it at once.
 */
import { fileURLToPath } from "node:url";
import { ensureBankBundle } from "../scripts/build-bank.mjs";

export default async function setup(): Promise<void> {
  await ensureBankBundle(fileURLToPath(new URL("../", import.meta.url)));
}
