/**
 * A real sandbox bank for lib/tpp's tests: the bank's own process (`tsx lib/bank/server.ts`) on a
 * free local port, on a fresh in-memory database with the sandbox's known state, trusting the
 * shared test PKI (whose TPP certificate has PSP_AI and PSP_PI). lib/tpp never imports lib/bank:
 * the tests reach it over HTTP, as the app does.
 *
 *   let bank: SandboxBank;
 *   beforeAll(async () => { bank = await startSandboxBank(); });
 *   afterAll(() => bank.close());
 */
import { type ChildProcess, spawn } from "node:child_process";
import { get as httpsGet } from "node:https";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { testPki } from "./test-pki";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));

export interface SandboxBank {
  /** The bank's base URL, e.g. http://127.0.0.1:41234 (also its BANK_PUBLIC_URL). */
  readonly url: string;
  readonly port: number;
  /** The last lines the bank wrote (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Stops the bank (SIGTERM; SIGKILL after 10 s) and waits for its process to end. */
  close(): Promise<void>;
}

export interface StartSandboxBankOptions {
  /** More BANK_* settings, e.g. { BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: "false" }; BANK_TLS=on gives an https:// url. */
  readonly env?: Readonly<Record<string, string>>;
  /** How long to wait for GET /health; default 90 s (a loaded 2-core machine starts it in about 10). */
  readonly startTimeoutMs?: number;
}

/** A port that was free a moment ago: listen on port 0, read it, close. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("findFreePort: the probe server reported no port");
  return address.port;
}

/** The environment of the bank's process: this one's, without any BANK_* setting of its own. */
function bankEnvironment(settings: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  for (const name of Object.keys(environment)) if (name.startsWith("BANK_")) delete environment[name];
  return { ...environment, ...settings };
}

function keepTail(lines: string[], chunk: Buffer): void {
  lines.push(
    ...chunk
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() !== ""),
  );
  if (lines.length > 60) lines.splice(0, lines.length - 60);
}

async function healthy(url: string): Promise<boolean> {
  if (url.startsWith("https:")) {
    // The bank's CA is not known before it answers: readiness only, the certificate is not trusted here.
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

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/**
 * Starts the sandbox bank as a child process and waits until GET /health answers: BANK_DATA_DIR
 * memory (PGlite in memory, the sandbox's known state made at start), BANK_TRUST_ANCHORS the
 * shared test PKI's CAs, BANK_LOG_LEVEL warn. Rejects with the bank's own output when it exits
 * or does not answer in time.
 */
export async function startSandboxBank(options: StartSandboxBankOptions = {}): Promise<SandboxBank> {
  const port = await findFreePort();
  // BANK_TLS=on: the bank serves HTTPS with a certificate from its own CA (GET /portal/ca.pem).
  const tls = ["on", "true", "1", "yes"].includes(options.env?.BANK_TLS ?? "");
  const url = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  const child = spawn(`${repositoryRoot}node_modules/.bin/tsx`, ["lib/bank/server.ts"], {
    cwd: repositoryRoot,
    env: bankEnvironment({
      BANK_HOST: "127.0.0.1",
      BANK_PORT: String(port),
      BANK_PUBLIC_URL: url,
      BANK_DATA_DIR: "memory",
      BANK_LOG_LEVEL: "warn",
      BANK_TRUST_ANCHORS: testPki.path("trusted-cas.pem"),
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => keepTail(lines, chunk));
  child.stderr?.on("data", (chunk: Buffer) => keepTail(lines, chunk));
  const ended = exited(child);
  // Should the test process end without close(), the bank must not outlive it: SIGTERM, which
  // tsx passes on to the bank's own process (a SIGKILL would end tsx and leave the bank running).
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);

  const output = () => lines.join("\n");
  const close = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await ended;
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  let hasEnded = false;
  void ended.then(() => {
    hasEnded = true;
  });
  while (!(await healthy(url))) {
    if (hasEnded) {
      process.removeListener("exit", killOnExit);
      throw new Error(
        `the sandbox bank (tsx lib/bank/server.ts, port ${port}) exited with code ${child.exitCode ?? child.signalCode} before GET /health answered:\n${output()}`,
      );
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(
        `the sandbox bank on port ${port} did not answer GET /health within ${options.startTimeoutMs ?? 90_000} ms:\n${output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, port, output, close };
}
