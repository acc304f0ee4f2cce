/**
 * Sandbox banks for the load benchmarks, each in its own process as `npm run demo` runs it (the
 * bundle of lib/bank/server.ts), on a database prepared here first: the sandbox's known state, a PSU
 * (Ingrid) who consented for the shared test TPP and has a valid SCA session under
 * TPP-Session-ID "bench", on the sandbox clock stopped at the tests' instant.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { z } from "zod";
import { createRequestSigner } from "../lib/psd2/signing";
import { buildBank } from "../lib/bank/app";
import { loadBankConfig } from "../lib/bank/config";
import { type OpenedBankDatabase, openBankDatabase } from "../lib/bank/db/open-bank-database";
import { createSettingsRepository } from "../lib/bank/repositories/settings-repository";
import { initializeSandbox } from "../lib/bank/services/sandbox/initialize-sandbox";
import { CUSTOMERS, giveConsent, ids, presentHeaders } from "../lib/bank/testing/ais-scenarios";
import { TEST_NOW, TEST_PUBLIC_URL } from "../lib/bank/testing/build-test-bank";
import { readSharedFile, sharedSignatureDir } from "../lib/bank/testing/shared-test-pki";
import { createSignedTestClient, sharedTppCredentials } from "../lib/bank/testing/signed-test-client";
import { type BankProcess, spawnBundledBankProcess, waitForHealth } from "../testing/bank-process";
import type { LoadTarget } from "./load";

export type BenchDatabaseKind = "postgres" | "pglite";

const root = fileURLToPath(new URL("..", import.meta.url));
const TPP_SESSION_ID = "bench";
/** The bank's seal as it keeps it with its data (lib/bank/services/pki/bank-pki.ts). */
const storedSealSchema = z.object({ seal: z.object({ privateKeyPem: z.string(), certificatePem: z.string() }) });

/** The PostgreSQL server the benchmarks make their databases on. */
export function benchServerUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** A bench database: how a bank process reaches it, how to open it here, and how to drop it. */
type BenchDatabase = {
  env: Record<string, string>;
  postgresName?: string;
  open: () => Promise<OpenedBankDatabase>;
  drop: () => Promise<void>;
};

async function createBenchDatabase(kind: BenchDatabaseKind): Promise<BenchDatabase> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(join(tmpdir(), "bank-bench-"));
    return {
      env: { BANK_DATA_DIR: dataDir },
      open: () => openBankDatabase({ dataDir }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = benchServerUrl();
  const name = `bank_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { BANK_DATABASE_URL: url.toString() },
    postgresName: name,
    open: () => openBankDatabase({ url: url.toString() }),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A prepared bank database, the PSU's psu-id, and the bank's seal (for the crypto floor). */
export type BenchBank = {
  kind: BenchDatabaseKind;
  /** How a bank process reaches the database (BANK_DATA_DIR or BANK_DATABASE_URL). */
  env: Record<string, string>;
  /** On PostgreSQL, the database's name on benchServerUrl(). */
  postgresName?: string;
  psuId: string;
  seal: { privateKeyPem: string; certificatePem: string };
  /** Starts a bank process on this database with BANK_WORKERS=workers; `stop` ends it. */
  start: (workers: number) => Promise<RunningBank>;
  /** A signed GET of the PSU with the PSU present, ready to be sent again and again. */
  signedGet: (baseUrl: string, path: string, name: string) => LoadTarget;
  drop: () => Promise<void>;
};

/** A bank process: where it listens, its pid (its workers are its children), how to stop it. */
export type RunningBank = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Makes a bank database of the given kind with the sandbox's known state and Ingrid's consent
 * and SCA session, then runs `seed` on it (with the bank built here and the PSU's psu-id) before closing it.
 */
export async function prepareBenchBank(
  kind: BenchDatabaseKind,
  seed?: (app: FastifyInstance, psuId: string) => Promise<void>,
): Promise<BenchBank> {
  const database = await createBenchDatabase(kind);
  let psuId: string;
  let seal: BenchBank["seal"];
  try {
    const app = await buildBank({
      config: loadBankConfig({ BANK_PUBLIC_URL: TEST_PUBLIC_URL }),
      database: await database.open(),
      extraTrustAnchorsPem: readSharedFile("keys/trusted-cas.pem"),
      realNow: () => TEST_NOW,
    });
    try {
      await app.bank.clock.set(TEST_NOW, { frozen: true });
      await initializeSandbox({ db: app.bank.db, clock: app.bank.clock });
      ({ psuId } = await giveConsent(app, createSignedTestClient(app), { tppSessionId: TPP_SESSION_ID, customerNumber: CUSTOMERS.ingrid }));
      seal = storedSealSchema.parse(await createSettingsRepository(app.bank.db).get("pki")).seal;
      if (seed) await seed(app, psuId);
    } finally {
      await app.close();
    }
  } catch (error) {
    await database.drop();
    throw error;
  }

  const signer = createRequestSigner(sharedTppCredentials());
  return {
    kind,
    env: database.env,
    postgresName: database.postgresName,
    psuId,
    seal,
    start: (workers) => startBankProcess({ ...database.env, BANK_WORKERS: String(workers) }, workers),
    signedGet: (baseUrl, path, name) => {
      const headers = Object.fromEntries(
        Object.entries(presentHeaders(psuId, TPP_SESSION_ID)).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const signed = signer.sign({ method: "GET", path, headers, body: "" }, { date: TEST_NOW, requestId: randomUUID() });
      return { name, url: `${baseUrl}${path}`, headers: { ...headers, ...signed.headers } };
    },
    drop: database.drop,
  };
}

/** The path of Ingrid's main account's balances. */
export const BALANCES_PATH = `/v1/accounts/${ids.account(CUSTOMERS.ingrid, 1)}/balances`;

/** Runs a process until `stop`, which ends it with SIGTERM (SIGKILL after 10 s). */
export function runProcess(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until something answers HTTP on the URL (any status), or the process ends. */
export async function waitUntilListening(url: string, process: ReturnType<typeof runProcess>, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`${what} ended with ${process.child.exitCode}: ${process.output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await process.stop();
  throw new Error(`${what} did not listen within 90 s: ${process.output()}`);
}

/** Waits until the cluster's primary has logged "worker <pid> listening" for `workers` different workers. */
async function waitForWorkersListening(bank: BankProcess, workers: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listening = new Set(bank.log().flatMap((line) => /^worker (\d+) listening on /.exec(String(line.msg))?.[1] ?? []));
    if (listening.size >= workers) return;
    if (Date.now() > deadline)
      throw new Error(`${listening.size} of ${workers} bank workers listened within ${timeoutMs} ms:\n${bank.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startBankProcess(env: Record<string, string>, workers: number): Promise<RunningBank> {
  // The bank as `npm run demo` runs it: its bundle (made again first when its sources changed).
  const bank = await spawnBundledBankProcess({
    ...env,
    BANK_PUBLIC_URL: TEST_PUBLIC_URL,
    BANK_TRUST_ANCHORS: fileURLToPath(new URL("keys/trusted-cas.pem", sharedSignatureDir)),
    // Request logs off: the figure is the bank's own work per request.
    BANK_LOG_LEVEL: "warn",
    // BENCH_BANK_CPU_PROF=<dir>: each bank process writes a V8 CPU profile there when it ends.
    ...(process.env.BENCH_BANK_CPU_PROF
      ? { NODE_OPTIONS: `--import ${fileURLToPath(new URL("cpu-profile-preload.mjs", import.meta.url))}` }
      : {}),
  });
  await waitForHealth(bank, 90_000);
  // The first worker answers; wait until the primary has seen every worker listen.
  if (workers > 1) await waitForWorkersListening(bank, workers, 90_000);
  const pid = bank.child.pid;
  if (pid === undefined) throw new Error("the bank process has no pid");
  return {
    url: bank.url,
    pid,
    stop: async () => {
      await bank.stop();
    },
  };
}
