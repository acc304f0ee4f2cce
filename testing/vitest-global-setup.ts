/**
 * Run once by vitest before any test file (vitest.config.ts, globalSetup): builds the bank's
 * bundle when its sources changed since, so that the test files' banks start from it
 * (testing/bank-process.ts, spawnBundledBankProcess) without each worker building it at once;
 * then starts that bank once and keeps its data directory as the template that the run's banks
 * asked for in memory start from (makeBankTemplate), removed when the run ends.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBankBundle } from "../scripts/build-bank.mjs";
import { BANK_TEMPLATE_ENV, makeBankTemplate } from "./bank-process";

export default async function setup(): Promise<() => Promise<void>> {
  await ensureBankBundle(fileURLToPath(new URL("../", import.meta.url)));
  // In memory where Linux offers a file system there (/dev/shm): the banks' commits wait for no disk.
  const runDir = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "psd2-test-banks-"));
  // The test files' workers are started after this and inherit the variable.
  process.env[BANK_TEMPLATE_ENV] = await makeBankTemplate(runDir);
  return async () => {
    await rm(runDir, { recursive: true, force: true });
  };
}
