/**
 * The sandbox bank's memory on PGlite: `npx tsx scripts/measure-bank-memory.ts [requests] [--bundle]`.
 *
 * Starts the bank's own process on a new PGlite data directory (the sandbox's known state made
 * at start), reads its resident memory (VmRSS in /proc, Linux) once it answers, then gives a
 * consent and sends signed reads (balances and transaction pages of every account the consent
 * names, 8 in flight; 3,000 by default) and reads it again, with the peak (VmHWM); then restarts
 * it on that data directory (a second start) and reads it once it answers. Prints one JSON
 * object, in MB. `--bundle`: the bank as `npm run demo` runs it (.build/bank/server.mjs, built
 * first when not current), not through tsx.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CUSTOMERS, giveConsent, ids, presentHeaders } from "../lib/bank/testing/ais-scenarios";
import { httpInjector } from "../lib/bank/testing/bank-process";
import { spawnBankProcess, waitForHealth } from "../testing/bank-process";
import { createSignedTestClient } from "../lib/bank/testing/signed-test-client";
import { ensureBankBundle } from "./build-bank.mjs";

const args = process.argv.slice(2);
const bundle = args.includes("--bundle");
const requestsArg = args.find((arg) => arg !== "--bundle");
const requests = Number(requestsArg ?? 3000);
if (!Number.isInteger(requests) || requests < 1) {
  process.stderr.write(`measure-bank-memory: the number of requests must be a positive whole number, not '${requestsArg}'\n`);
  process.exit(2);
}
if (bundle) await ensureBankBundle(path.resolve(import.meta.dirname, ".."));

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Math.round(Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024);
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bank-memory-"));
const settings = {
  BANK_DATA_DIR: path.join(dataDir, "bank"),
  BANK_TRUST_ANCHORS: new URL("../test-vectors/signature/keys/trusted-cas.pem", import.meta.url).pathname,
  BANK_LOG_LEVEL: "warn",
};
/** Signed reads through the bank at `url` (8 in flight) under a consent given first. */
async function sendReads(url: string): Promise<number> {
  const app = httpInjector(url);
  const tpp = createSignedTestClient(app);
  const { psuId } = await giveConsent(app, tpp, { tppSessionId: "memory", customerNumber: CUSTOMERS.ingrid, resources: "all" });
  const accounts = [ids.account(CUSTOMERS.ingrid, 1), ids.account(CUSTOMERS.ingrid, 2)];
  const paths = accounts.flatMap((account) => [
    `/v1/accounts/${account}/balances`,
    `/v1/accounts/${account}/transactions?bookingStatus=booked&dateFrom=2020-01-01`,
    `/v1/accounts/${account}/transactions?bookingStatus=both&dateFrom=2020-01-01&withBalance=true`,
  ]);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < requests) {
      const index = next++;
      const response = await tpp.get(paths[index % paths.length] ?? "", presentHeaders(psuId, "memory"));
      if (response.statusCode !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failed;
}

/** Starts the bank on the data directory, reads its memory once it answers and after the reads; stops it. */
async function measure(): Promise<{ afterStart: Record<string, number>; afterLoad: Record<string, number> }> {
  const bank = await spawnBankProcess(settings, { bundle });
  try {
    const started = Date.now();
    await waitForHealth(bank);
    const pid = bank.child.pid ?? 0;
    const afterStart = { ...memoryOf(pid), startSeconds: (Date.now() - started) / 1000 };
    const loadStarted = Date.now();
    const failed = await sendReads(bank.url);
    const afterLoad = { ...memoryOf(pid), requests, failed, loadSeconds: (Date.now() - loadStarted) / 1000 };
    return { afterStart, afterLoad };
  } finally {
    await bank.stop();
  }
}

try {
  const first = await measure();
  const secondStart = await measure();
  process.stdout.write(`${JSON.stringify({ bank: bundle ? "bundle" : "tsx", ...first, secondStart })}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
