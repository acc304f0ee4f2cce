/**
 * The one way the tests, the e2e set-up and the benchmarks get a free port and start the sandbox
 * bank as a process of its own (`lib/bank/server.ts`, as `npm run bank` runs it). It imports no
 * code of the bank or of the app: the bank is reached over HTTP, so lib/tpp's tests may use it
 * without crossing the boundary between the two.
 *
 *   const bank = await spawnBankProcess({ BANK_DATA_DIR: "memory" });
 *   await waitForHealth(bank);
 *   ...
 *   await bank.stop();
 */
import { type ChildProcess, spawn } from "node:child_process";
import { constants as fsConstants } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get as httpsGet } from "node:https";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BANK_BUNDLE, BANK_NODE_OPTIONS, ensureBankBundle } from "../scripts/build-bank.mjs";

const repositoryRoot = fileURLToPath(new URL("../", import.meta.url));

/** A TCP port on 127.0.0.1 that was free a moment ago: listen on port 0, read it, close. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("freePort: the probe server reported no port");
  return address.port;
}

export type BankProcess = {
  /** http://127.0.0.1:<port> (https:// with BANK_TLS=on), also its BANK_PUBLIC_URL unless the settings give another. */
  url: string;
  port: number;
  /**
   * Where its web pages (portal, SCA, /health) are reached: with BANK_CLIENT_CERT=required a
   * second free port (BANK_WEB_PORT, BANK_PUBLIC_WEB_URL), whose connections need no client
   * certificate; otherwise `url`.
   */
  webUrl: string;
  child: ChildProcess;
  /** Its BANK_DATA_DIR (for a bank asked for in memory and started from the run's template, its copy). */
  dataDir: string | undefined;
  /** Every line the process wrote so far (stdout and stderr). */
  lines: () => string[];
  /** The last lines, for a failing test's message. */
  output: () => string;
  /** The JSON log lines, parsed. */
  log: () => Record<string, unknown>[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, SIGKILL after 15 s; resolves when it has ended. */
  stop: () => Promise<number | string>;
};

/** Lines kept for output(). */
const OUTPUT_LINES = 60;

/**
 * Starts the bank with these BANK_* settings (none inherited from this process) on a free port of
 * 127.0.0.1; does not wait for it (see waitForHealth). `bundle`: the bank as `npm run demo` runs
 * it, compiled ahead of time (the caller makes sure `.build/bank/server.mjs` is current:
 * scripts/build-bank.mjs). Should this process end without stop(), the bank is killed with it.
 */
export async function spawnBankProcess(
  settings: Readonly<Record<string, string>>,
  { bundle = false }: { bundle?: boolean } = {},
): Promise<BankProcess> {
  const port = await freePort();
  // BANK_TLS=on: the bank serves HTTPS with a certificate from its own CA (GET /portal/ca.pem).
  const tls = ["on", "true", "1", "yes"].includes(settings.BANK_TLS ?? "");
  const url = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  // BANK_CLIENT_CERT=required: the API port fails a handshake without a client certificate; the web pages have their own.
  const webPort = settings.BANK_CLIENT_CERT === "required" ? await freePort() : undefined;
  const webUrl = webPort === undefined ? url : `https://127.0.0.1:${webPort}`;
  const webSettings = webPort === undefined ? {} : { BANK_WEB_PORT: String(webPort), BANK_PUBLIC_WEB_URL: webUrl };
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("BANK_")) delete env[name];
  // node --import tsx: the bank is this child itself (no tsx wrapper in between), so that a signal reaches it.
  const entry = bundle ? [BANK_BUNDLE] : ["--import", "tsx", "lib/bank/server.ts"];
  const child = spawn(process.execPath, [...BANK_NODE_OPTIONS, ...entry], {
    cwd: repositoryRoot,
    env: { ...env, BANK_HOST: "127.0.0.1", BANK_PORT: String(port), BANK_PUBLIC_URL: url, ...webSettings, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts.filter((line) => line.trim() !== ""));
    });
  }
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    }
    return exited;
  };
  const log = () =>
    lines.flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed === "object" && parsed !== null ? [parsed as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
  const output = () => lines.slice(-OUTPUT_LINES).join("\n");
  return { url, port, webUrl, child, dataDir: settings.BANK_DATA_DIR, lines: () => [...lines], output, log, exited, stop };
}

/**
 * spawnBankProcess from the bank's bundle (`.build/bank/server.mjs`, as `npm run demo` runs it),
 * made again first when the bank's sources changed since (scripts/build-bank.mjs): for the unit
 * tests' banks. Through tsx each start compiles and resolves the bank's some 700 modules again
 * (2.9 s of CPU to "ready" on this 2-core machine, against 1.2 s for the bundle).
 * The vitest set-up (testing/vitest-global-setup.ts) builds it once before the test files start.
 * A bank asked for in memory (BANK_DATA_DIR "memory", no BANK_DATABASE_URL) starts from a copy of
 * the run's template when there is one (BANK_TEMPLATE_ENV), removed when the bank ends.
 */
export async function spawnBundledBankProcess(settings: Readonly<Record<string, string>>): Promise<BankProcess> {
  await ensureBankBundle(repositoryRoot);
  const template = settings.BANK_DATA_DIR === "memory" && settings.BANK_DATABASE_URL === undefined ? await usableTemplate() : undefined;
  if (template === undefined) return spawnBankProcess(settings, { bundle: true });
  const dataDir = await mkdtemp(path.join(template.runDir, "bank-"));
  await cp(template.dataDir, dataDir, { recursive: true, mode: fsConstants.COPYFILE_FICLONE });
  const bank = await spawnBankProcess({ ...settings, BANK_DATA_DIR: dataDir }, { bundle: true });
  void bank.exited.then(() => rm(dataDir, { recursive: true, force: true }));
  return bank;
}

/**
 * Where the vitest set-up (testing/vitest-global-setup.ts) kept a bank's first start for the
 * run's test banks: a directory holding `template/` (the data directory of a bank started once
 * and stopped: its database migrated, its CA and seal made, the sandbox's known state written)
 * and `day` (the Oslo date it was made on), beside which the test banks' copies are made.
 */
export const BANK_TEMPLATE_ENV = "TEST_BANK_TEMPLATE_DIR";

/** The Oslo date of an instant (the sandbox's known state is written relative to it). */
function osloDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Oslo", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/**
 * The run's template (BANK_TEMPLATE_ENV), when there is one made on today's Oslo date: a bank
 * asked for in memory then starts from a copy of it, on disk, in about a fifth of the CPU of a
 * first start (1.3 s against 6.5 s: PGlite's initdb, the migrations, two RSA keys and the
 * sandbox's data). A template of another day would give a bank yesterday's known state.
 */
async function usableTemplate(): Promise<{ runDir: string; dataDir: string } | undefined> {
  const runDir = process.env[BANK_TEMPLATE_ENV];
  if (runDir === undefined || runDir === "" || !(await bankTemplateIsCurrent(runDir))) return undefined;
  return { runDir, dataDir: path.join(runDir, "template") };
}

/** Whether the template in `runDir` (see makeBankTemplate) was made on today's Oslo date: after midnight in Oslo a run's template is of yesterday. */
export async function bankTemplateIsCurrent(runDir: string): Promise<boolean> {
  const day = await readFile(path.join(runDir, "day"), "utf8").catch(() => undefined);
  return day?.trim() === osloDay(new Date());
}

/**
 * Starts the bank once on a data directory under `runDir` and stops it, as the template of the
 * test banks asked for in memory (see BANK_TEMPLATE_ENV); returns `runDir`, to be set as that
 * variable for the processes that start test banks, and removed after them.
 */
export async function makeBankTemplate(runDir: string): Promise<string> {
  await mkdir(runDir, { recursive: true });
  const day = osloDay(new Date());
  const bank = await spawnBundledBankProcess({ BANK_DATA_DIR: path.join(runDir, "template"), BANK_LOG_LEVEL: "warn" });
  const started = await waitForHealth(bank, 120_000).then(
    () => undefined,
    (error: unknown) => error,
  );
  const ended = await bank.stop();
  if (started !== undefined) throw started;
  if (ended !== 0) throw new Error(`the template bank ended with ${ended}:\n${bank.output()}`);
  await writeFile(path.join(runDir, "day"), day);
  return runDir;
}

/** Whether GET /health answers 200; over https:// the bank's CA is not known yet: readiness only, its certificate not trusted here. */
async function healthy(url: string): Promise<boolean> {
  if (url.startsWith("https:")) {
    return new Promise((resolve) => {
      const outgoing = httpsGet(`${url}/health`, { rejectUnauthorized: false, timeout: 2_000 }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode === 200));
      });
      outgoing.on("timeout", () => outgoing.destroy());
      outgoing.on("error", () => resolve(false));
    });
  }
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Waits until GET /health answers 200. Fails with the process's last lines when it ends first, or
 * stops it and fails when it does not answer within `timeoutMs` (a loaded 2-core machine starts
 * it in about 10 s).
 */
export async function waitForHealth(bank: BankProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void bank.exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline) {
    if (ended)
      throw new Error(`the bank on port ${bank.port} ended with ${await bank.exited} before GET /health answered:\n${bank.output()}`);
    if (await healthy(bank.webUrl)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await bank.stop();
  throw new Error(`the bank on port ${bank.port} did not answer GET /health within ${timeoutMs} ms:\n${bank.output()}`);
}
